import { describe, expect, it } from 'vitest';
import { DEFAULT_SUMMARY_TOKENS, type SummarizationSettings } from './chat-settings';
import { summaryPlan } from './summary';

const block = (fields: Partial<SummarizationSettings> = {}): SummarizationSettings => ({
  enabled: true,
  maxSummaryTokens: 300,
  ...fields,
});
const openAI = { endpoint: 'openAI', resolved: { kind: 'openAI' as const } };
const local = { endpoint: 'Local', resolved: { kind: 'custom' as const } };
const localSummarizing = {
  endpoint: 'Local',
  resolved: { kind: 'custom' as const, summarize: true as const },
};

describe('summaryPlan: the YAML summarization block against the older switches', () => {
  it('without the block: OPENAI_SUMMARIZE for openAI, a custom endpoint’s own summarize for it', () => {
    expect(summaryPlan({ summarize: true }, openAI)).toEqual({ maxSummaryTokens: DEFAULT_SUMMARY_TOKENS });
    expect(summaryPlan({ summarize: true }, local)).toBeUndefined();
    expect(summaryPlan({ summarize: false }, localSummarizing)).toEqual({
      maxSummaryTokens: DEFAULT_SUMMARY_TOKENS,
    });
    expect(summaryPlan({ summarize: false }, openAI)).toBeUndefined();
  });

  it('with the block: every endpoint summarises, with its provider, model and summary length', () => {
    const summarization = block({ provider: 'Local', model: 'cheap', maxSummaryTokens: 321 });
    expect(summaryPlan({ summarization }, openAI)).toEqual({
      endpoint: 'Local',
      model: 'cheap',
      maxSummaryTokens: 321,
    });
    // The provider is the conversation's own endpoint: no other endpoint to resolve.
    expect(summaryPlan({ summarization }, local)).toEqual({ model: 'cheap', maxSummaryTokens: 321 });
    // No model: the summarising endpoint's configured one decides later (summaryModel, OPENAI_SUMMARY_MODEL).
    expect(summaryPlan({ summarization: block() }, local)).toEqual({ maxSummaryTokens: 300 });
  });

  it('with enabled: false, nothing summarises, whatever OPENAI_SUMMARIZE and summarize say', () => {
    const summarization = block({ enabled: false });
    expect(summaryPlan({ summarize: true, summarization }, openAI)).toBeUndefined();
    expect(summaryPlan({ summarize: true, summarization }, localSummarizing)).toBeUndefined();
  });
});

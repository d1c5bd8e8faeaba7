/**
 * Model prices in USD per 1M tokens. Since 1,000,000 credits = 1 USD, the same number is the rate in
 * credits per token:  credits = tokens × (USD per 1M tokens).
 */
export interface ModelPrice {
  prompt: number;
  completion: number;
}

/** For any model not in the table (LibreChat's default rate). */
export const DEFAULT_PRICE: ModelPrice = { prompt: 6, completion: 6 };

const price = (prompt: number, completion: number): ModelPrice => ({ prompt, completion });

/**
 * Model-name prefixes and their list prices. The longest prefix that starts the model name wins, so
 * `gpt-4o-mini-2024-07-18` is priced as `gpt-4o-mini`, not `gpt-4o` or `gpt-4`.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  // OpenAI
  'gpt-3.5-turbo': price(0.5, 1.5),
  'gpt-3.5-turbo-0301': price(1.5, 2),
  'gpt-3.5-turbo-0613': price(1.5, 2),
  'gpt-3.5-turbo-1106': price(1, 2),
  'gpt-3.5-turbo-16k': price(3, 4),
  'gpt-3.5-turbo-instruct': price(1.5, 2),
  'gpt-4': price(30, 60),
  'gpt-4-32k': price(60, 120),
  'gpt-4-turbo': price(10, 30),
  'gpt-4-1106': price(10, 30),
  'gpt-4-0125': price(10, 30),
  'gpt-4-vision': price(10, 30),
  'gpt-4o': price(2.5, 10),
  'gpt-4o-2024-05-13': price(5, 15),
  'chatgpt-4o': price(5, 15),
  'gpt-4o-mini': price(0.15, 0.6),
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.4),
  'gpt-4.5': price(75, 150),
  'gpt-5': price(1.25, 10),
  'gpt-5-mini': price(0.25, 2),
  'gpt-5-nano': price(0.05, 0.4),
  o1: price(15, 60),
  'o1-mini': price(1.1, 4.4),
  'o1-preview': price(15, 60),
  o3: price(2, 8),
  'o3-mini': price(1.1, 4.4),
  'o4-mini': price(1.1, 4.4),
  // Anthropic
  'claude-1': price(8, 24),
  'claude-instant': price(0.8, 2.4),
  'claude-2': price(8, 24),
  'claude-3-haiku': price(0.25, 1.25),
  'claude-3-sonnet': price(3, 15),
  'claude-3-opus': price(15, 75),
  'claude-3-5-haiku': price(0.8, 4),
  'claude-3.5-haiku': price(0.8, 4),
  'claude-3-5-sonnet': price(3, 15),
  'claude-3.5-sonnet': price(3, 15),
  'claude-3-7-sonnet': price(3, 15),
  'claude-3.7-sonnet': price(3, 15),
  'claude-sonnet-4': price(3, 15),
  'claude-opus-4': price(15, 75),
  // Google
  gemini: price(0.5, 1.5),
  'gemini-pro': price(0.5, 1.5),
  'gemini-1.0-pro': price(0.5, 1.5),
  'gemini-1.5-pro': price(1.25, 5),
  'gemini-1.5-flash': price(0.075, 0.3),
  'gemini-2.0-flash': price(0.1, 0.4),
  'gemini-2.5-flash': price(0.3, 2.5),
  'gemini-2.5-pro': price(1.25, 10),
  'chat-bison': price(0.5, 1.5),
  'codechat-bison': price(0.5, 1.5),
  // Cohere (via custom endpoints)
  command: price(0.38, 0.38),
  'command-r': price(0.5, 1.5),
  'command-r-plus': price(3, 15),
};

/** Keys longest first, so the first prefix that matches is the most specific one. */
const PREFIXES = Object.keys(MODEL_PRICES).sort((a, b) => b.length - a.length);

function priceKeyOf(model: string | null | undefined): string | undefined {
  const name = (model ?? '').toLowerCase().split('/').pop() ?? '';
  return PREFIXES.find((prefix) => name === prefix || isPrefixAtBoundary(name, prefix));
}

/** The price of a model; a "vendor/" prefix (OpenRouter style) is ignored; unknown models get the default. */
export function priceOf(model: string | null | undefined): ModelPrice {
  const key = priceKeyOf(model);
  return key ? (MODEL_PRICES[key] ?? DEFAULT_PRICE) : DEFAULT_PRICE;
}

/** Whether the price table knows the model (else `priceOf` answers the default rate). */
export function isPriced(model: string | null | undefined): boolean {
  return priceKeyOf(model) !== undefined;
}

/** `o1-mini-2024` starts with `o1` at a boundary; `o1x` and `gemini` vs `geminix` do not. */
function isPrefixAtBoundary(name: string, prefix: string): boolean {
  return name.startsWith(prefix) && /[-.:@_]/.test(name.charAt(prefix.length));
}

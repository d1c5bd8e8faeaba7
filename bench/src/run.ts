import { printFigure, writeReport, type Section } from './report';
import { benchBudgets } from './budgets';
import { benchStartup } from './startup';
import { benchChatLatency } from './chat-latency';
import { benchOpenStreams } from './open-streams';
import { benchListLatency } from './list-latency';
import { benchBundleSize } from './bundle-size';
import { benchSearch } from './search';
import { benchWebPerf } from './web-perf';
import { benchToolSteps } from './tool-steps';
import { benchEmbeddedDatabase } from './embedded-database';
import { benchBigConversations } from './big-conversations';
import { benchSandbox } from './sandbox';
import { benchCodeInterpreterChats } from './code-interpreter-chats';
import { benchKnowledge } from './knowledge';
import { benchActionSpecs } from './action-specs';
import { benchLongConversations } from './long-conversations';
import { benchPerChatCost } from './per-chat-cost';

/** `npm run bench`: each benchmark prints its figures; all of them land in bench/REPORT.md. */
const benchmarks: { name: string; run: () => Promise<Section> }[] = [
  { name: 'startup', run: benchStartup },
  { name: 'chat-latency', run: benchChatLatency },
  { name: 'open-streams', run: benchOpenStreams },
  { name: 'list-latency', run: benchListLatency },
  { name: 'bundle-size', run: benchBundleSize },
  { name: 'search', run: benchSearch },
  { name: 'web-perf', run: benchWebPerf },
  { name: 'tool-steps', run: benchToolSteps },
  { name: 'embedded-database', run: benchEmbeddedDatabase },
  { name: 'big-conversations', run: benchBigConversations },
  { name: 'sandbox', run: benchSandbox },
  { name: 'code-interpreter-chats', run: benchCodeInterpreterChats },
  { name: 'knowledge', run: benchKnowledge },
  { name: 'action-specs', run: benchActionSpecs },
  { name: 'long-conversations', run: benchLongConversations },
  { name: 'budgets', run: benchBudgets },
  { name: 'per-chat-cost', run: benchPerChatCost },
];

const only = process.argv.slice(2);
const sections: Section[] = [];
for (const bench of benchmarks) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  console.log(`\n▶ ${bench.name}`);
  const section = await bench.run();
  section.figures.forEach((figure) => printFigure(section.title, figure));
  sections.push(section);
}
writeReport(sections, { partial: only.length > 0, names: only });

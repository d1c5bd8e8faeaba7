// Runs the fake OpenAI server as its own process (used by the e2e suite):
//   PORT=0 npx tsx fakes/src/main.ts  →  prints FAKE_OPENAI_URL=http://127.0.0.1:PORT
import { startFakeOpenAI } from './openai-server';

function portFromEnv(value: string | undefined): number {
  const port = Number(value ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got ${value}`);
  return port;
}

const fake = await startFakeOpenAI({
  port: portFromEnv(process.env.PORT),
  host: process.env.HOST ?? '127.0.0.1',
});
process.stdout.write(`FAKE_OPENAI_URL=${fake.url}\n`);

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  fake.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[fake-openai] close failed:', error);
      process.exit(1);
    },
  );
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

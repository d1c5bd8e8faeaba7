// The tool vendors' fakes (vendor-routes.ts) as a server of their own, for tests in this process.
import { createServer } from 'node:http';
import { listenOn } from './http-io';
import type { RecordedRequest } from './request-log';
import { handleVendor, VendorState, type Vendor, type VendorMode } from './vendor-routes';

export interface FakeVendors {
  /** `http://127.0.0.1:PORT`; each vendor's base is `${url}/vendor/<vendor>`. */
  readonly url: string;
  base(vendor: Vendor): string;
  readonly requests: readonly RecordedRequest[];
  /** Makes a vendor answer 500, garbage or nothing until `reset()`. */
  setMode(vendor: Vendor, mode: VendorMode): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeVendors(opts: { port?: number; host?: string } = {}): Promise<FakeVendors> {
  const state = new VendorState();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    handleVendor(req, res, url, state).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  const running = await listenOn(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: running.url,
    base: (vendor) => `${running.url}/vendor/${vendor}`,
    get requests() {
      return state.log.all;
    },
    setMode: (vendor, mode) => state.modes.set(vendor, mode),
    reset: () => state.reset(),
    close: () => {
      state.reset();
      return running.close();
    },
  };
}

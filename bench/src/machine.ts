import os from 'node:os';

/** One line describing where the figures were measured. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return `${os.cpus().length} × ${cpu}, ${memory} RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

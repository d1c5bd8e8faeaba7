import { causeCode } from '../../net/cause-code';
import { ProviderError } from '../types';

/** Node and undici codes of a connection that failed or broke. */
export const NETWORK_CODES = /^(UND_ERR_|ECONN|EPIPE|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)/;

/** Whether an error outside the vendor's answers is a failed or broken connection. */
export function isNetworkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    error instanceof TypeError ||
    NETWORK_CODES.test(causeCode(error)) ||
    /terminated|socket|fetch failed/i.test(message)
  );
}

/**
 * A failure outside the vendor's own error answers — most often a stream whose connection broke mid-way —
 * as `network` when the connection failed, else `upstream`. `vendor` names the service in the message.
 */
export function mapTransportError(error: unknown, vendor: string): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return isNetworkFailure(error)
    ? new ProviderError('network', `Connection to ${vendor} failed: ${message}`, { cause: error })
    : new ProviderError('upstream', `The call to ${vendor} failed: ${message}`, { cause: error });
}

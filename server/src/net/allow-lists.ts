// The address guard's exemptions as the YAML config gives them (API.md "Conventions").
import type { YamlConfig } from '../config/yaml-schema';
import { parseAllowRule } from './allow-rules';
import type { AddressAllowList } from './address-guard';

/** User-provided base URLs: `endpoints.allowedAddresses` exempts hosts from the public-address rule. */
export function endpointsAllowList(yaml: YamlConfig | undefined): AddressAllowList {
  return { exempt: (yaml?.endpoints?.allowedAddresses ?? []).map(parseAllowRule) };
}

/**
 * Actions: `actions.allowedAddresses` (`host:port`) and `actions.allowedDomains` both exempt what they name;
 * a non-empty `allowedDomains` also limits actions to those domains, as in LibreChat.
 */
export function actionsAllowList(yaml: YamlConfig | undefined): AddressAllowList {
  const domains = (yaml?.actions?.allowedDomains ?? []).map(parseAllowRule);
  const addresses = (yaml?.actions?.allowedAddresses ?? []).map(parseAllowRule);
  return {
    exempt: [...addresses, ...domains],
    ...(domains.length > 0 ? { only: [...domains, ...addresses] } : {}),
  };
}

/**
 * What else happens once a system settings save has committed, handed in by the composition root
 * (composition/runtime.ts: a DNS automation pass, so records follow a new base domain, zone, token or
 * record target at once). A port rather than an import: dns-automation reads settings, so settings may
 * not import it (service areas form a DAG). The hook must neither throw nor make the save wait.
 */
export interface SettingsSavedHookDeps {
  afterSettingsSaved: () => void;
}

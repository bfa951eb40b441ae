/** Policy names: 1-64 ASCII alphanumerics and hyphens (spec, "Policy"). */
export const POLICY_NAME_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The policies directory of the config dir. */
export const POLICIES_DIR = 'policies';

/**
 * Names Windows reserves for devices: a file named `NUL.json` or `com1.json`
 * opens the device instead of a file there, whatever the extension.
 */
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** Why `name` cannot be a policy name, or null when it can. */
export function policyNameProblem(name: string): string | null {
  if (!POLICY_NAME_PATTERN.test(name)) return 'name must be 1-64 ASCII letters, digits or hyphens';
  if (DEVICE_NAMES.test(name)) return `name ${name} is reserved (a Windows device name)`;
  return null;
}

/**
 * The file of a policy, relative to the config dir. Only ever called with a
 * name that passed `policyNameProblem`, so the path cannot leave `policies/`.
 */
export function policyPath(name: string): string {
  if (policyNameProblem(name) !== null) throw new Error(`unsafe policy name ${JSON.stringify(name)}`);
  return `${POLICIES_DIR}/${name}.json`;
}

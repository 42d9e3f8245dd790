// Anything shaped like an address: a sign-in provider without a display name gives the address as the name.
const ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;

/**
 * A member's name as public pages show it: an e-mail address inside it is cut to the part before
 * the "@", so a page listing people never shows an address.
 *
 * @example publicDisplayName("ada@example.org") // "ada"
 */
export function publicDisplayName(name: string): string {
  const shown = name.replace(ADDRESS, (address) => address.slice(0, address.indexOf("@"))).trim();
  return shown === "" ? "A member" : shown;
}

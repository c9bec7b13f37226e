/**
 * Icon search of the icon-selection dialog (platform spec §2 "Other"; RuoYi IconSelect
 * `icons.filter(item => item.includes(name))`): names containing the text, case-insensitive,
 * blank text gives every name, order kept.
 */
export function searchIcons(names: readonly string[], text: string): string[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...names];
  return names.filter((n) => n.toLowerCase().includes(q));
}

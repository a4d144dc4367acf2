// Reading and writing grants in the forms: one "ROLE:app" per line or comma.
export function parseGrants(text) {
  return text.split(/[\n,]/).map(part => part.trim()).filter(part => part.length > 0).map(part => {
    const separator = part.indexOf(':');
    return separator < 0 ? { role: part.toUpperCase(), app: '' }
        : { role: part.substring(0, separator).trim().toUpperCase(), app: part.substring(separator + 1).trim() };
  });
}

export function grantsText(grants) {
  return grants.map(grant => grant.role + ':' + grant.app).join(', ');
}

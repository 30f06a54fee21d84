/**
 * Names whose capitals are not plain title case (docs/choices.md 32): 'LEBRON' is 'LeBron', not
 * 'Lebron'. Keyed by the upper-case word as a label prints it. Mc- and O'- names need no entry
 * ('MCDAVID' -> 'McDavid', "O'NEAL" -> "O'Neal" by rule); this list is for the rest.
 */
export const KNOWN_NAME_CASE: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'LeBron',
    'DeRozan',
    'DeMar',
    'DeAndre',
    'DeAaron',
    "De'Aaron",
    'DeVonta',
    'DeShawn',
    'DeMarcus',
    'DeSean',
    'DeGrom',
    'DeJong',
    'DeLaurentis',
    'DeChambeau',
    'DiMaggio',
    'LaMelo',
    'LaVar',
    'LaDainian',
    'LeVeon',
    "Le'Veon",
    'JaVale',
    'JaMarcus',
    'JuJu',
    'KaVontae',
    'TreVeyon',
    'DaRon',
    'DaShawn',
    'MarShon',
    'DeVante',
    'VanVleet',
    'MacKinnon',
    'MacKenzie',
    'MacArthur',
    'LaVine',
    'DeBoer',
    'DeVries',
  ].map((name) => [name.toUpperCase(), name]),
);

/** The known capitalisation of one upper-case name word ('LEBRON' -> 'LeBron'), or null. */
export function nameWordCase(word: string): string | null {
  return KNOWN_NAME_CASE[word.toUpperCase()] ?? null;
}

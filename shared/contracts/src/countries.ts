/** The country list of docs/requirements.md §3: 35 entries with code, name, flag and phone code. */
export interface Country {
  code: string;
  name: string;
  flag: string;
  phoneCode: string;
}

const RAW: [string, string, string][] = [
  ['US', 'United States', '+1'],
  ['CA', 'Canada', '+1'],
  ['GB', 'United Kingdom', '+44'],
  ['AU', 'Australia', '+61'],
  ['DE', 'Germany', '+49'],
  ['FR', 'France', '+33'],
  ['JP', 'Japan', '+81'],
  ['CN', 'China', '+86'],
  ['IN', 'India', '+91'],
  ['BR', 'Brazil', '+55'],
  ['MX', 'Mexico', '+52'],
  ['IT', 'Italy', '+39'],
  ['ES', 'Spain', '+34'],
  ['KR', 'South Korea', '+82'],
  ['NL', 'Netherlands', '+31'],
  ['RU', 'Russia', '+7'],
  ['SG', 'Singapore', '+65'],
  ['SE', 'Sweden', '+46'],
  ['CH', 'Switzerland', '+41'],
  ['NO', 'Norway', '+47'],
  ['DK', 'Denmark', '+45'],
  ['IE', 'Ireland', '+353'],
  ['NZ', 'New Zealand', '+64'],
  ['ZA', 'South Africa', '+27'],
  ['AE', 'United Arab Emirates', '+971'],
  ['IL', 'Israel', '+972'],
  ['HK', 'Hong Kong', '+852'],
  ['TW', 'Taiwan', '+886'],
  ['PL', 'Poland', '+48'],
  ['TR', 'Turkey', '+90'],
  ['SA', 'Saudi Arabia', '+966'],
  ['TH', 'Thailand', '+66'],
  ['MY', 'Malaysia', '+60'],
  ['ID', 'Indonesia', '+62'],
  ['PH', 'Philippines', '+63'],
];

/** Regional-indicator emoji from the ISO code. */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const COUNTRIES: readonly Country[] = RAW.map(([code, name, phoneCode]) => ({
  code,
  name,
  flag: flagOf(code),
  phoneCode,
}));

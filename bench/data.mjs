// Deterministic seed data for the API benchmark. Every value is a pure function of the row number (md5 of a
// fixed prefix and the number), so two runs at the same size hold the same rows, on PGlite and PostgreSQL alike.
// Rows are generated inside the database (INSERT ... SELECT FROM generate_series), never marshalled through JS.

// prettier-ignore
export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Nancy',
  'Daniel', 'Lisa', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven',
  'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Dorothy', 'Kevin', 'Carol',
  'Brian', 'Amanda', 'George', 'Melissa', 'Edward', 'Deborah', 'Ronald', 'Stephanie', 'Timothy', 'Rebecca', 'Jason',
  'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Jacob', 'Kathleen', 'Gary', 'Amy', 'Nicholas', 'Shirley', 'Eric',
  'Angela', 'Jonathan', 'Helen', 'Stephen', 'Anna', 'Larry', 'Brenda', 'Justin', 'Pamela', 'Scott', 'Nicole',
  'Brandon', 'Emma', 'Benjamin', 'Samantha', 'Samuel', 'Katherine', 'Gregory', 'Christine', 'Frank', 'Debra',
  'Alexander', 'Rachel', 'Raymond', 'Catherine', 'Patrick', 'Carolyn', 'Jack', 'Janet', 'Dennis', 'Ruth', 'Jerry',
  'Maria', 'Tyler', 'Heather', 'Aaron', 'Diane', 'Jose', 'Virginia', 'Adam', 'Julie', 'Henry', 'Joyce', 'Nathan',
  'Victoria', 'Douglas', 'Olivia', 'Zachary', 'Kelly', 'Peter', 'Christina', 'Kyle', 'Lauren', 'Walter', 'Joan',
  'Ethan', 'Evelyn', 'Jeremy', 'Judith', 'Harold', 'Megan', 'Keith', 'Cheryl', 'Christian', 'Andrea', 'Roger',
  'Hannah', 'Noah', 'Martha', 'Gerald', 'Jacqueline', 'Carl', 'Frances', 'Terry', 'Gloria', 'Sean', 'Ann', 'Austin',
  'Teresa', 'Arthur', 'Kathryn', 'Lawrence', 'Sara', 'Jesse', 'Janice', 'Dylan', 'Jean', 'Bryan', 'Alice', 'Joe',
  'Madison', 'Jordan', 'Doris', 'Billy', 'Abigail', 'Bruce', 'Julia', 'Albert', 'Judy', 'Willie', 'Grace', 'Gabriel',
  'Denise', 'Logan', 'Amber', 'Alan', 'Marilyn', 'Juan', 'Beverly', 'Wayne', 'Danielle', 'Roy', 'Theresa', 'Ralph',
  'Sophia', 'Randy', 'Marie', 'Eugene', 'Diana', 'Vincent', 'Brittany', 'Russell', 'Natalie', 'Elijah', 'Isabella',
  'Louis', 'Charlotte', 'Bobby', 'Rose', 'Philip', 'Alexis', 'Johnny', 'Kayla', 'Mateo', 'Lucia', 'Hiroshi', 'Yuki',
  'Wei', 'Mei', 'Arjun', 'Priya', 'Olumide', 'Amara', 'Lars', 'Ingrid', 'Pierre', 'Camille', 'Giulia', 'Marco',
  'Sven', 'Astrid', 'Dmitri', 'Olga', 'Ahmed', 'Fatima', 'Kwame', 'Zanele', 'Mateus', 'Beatriz', 'Tomasz', 'Agnieszka',
];

// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz',
  'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers',
  'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox',
  'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz',
  'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson', 'Ellis',
  'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens', 'Harrison', 'Fernandez',
  'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen', 'Freeman', 'Webb', 'Tucker',
  'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter', 'Gordon', 'Mendez', 'Silva', 'Shaw',
  'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks', 'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd',
  'Rose', 'Stone', 'Salazar', 'Fox', 'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson',
  'Nichols', 'Stephens', 'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer',
  'Hawkins', 'Arnold', 'Pierce', 'Hansen', 'Peters', 'Santos', 'Hart', 'Bradley', 'Knight', 'Elliott', 'Cunningham',
  'Duncan', 'Armstrong', 'Hudson', 'Carroll', 'Lane', 'Riley', 'Andrews', 'Ray', 'Berry', 'Perkins', 'Hoffman',
  'Yamamoto', 'Tanaka', 'Wang', 'Zhang', 'Sharma', 'Gupta', 'Okafor', 'Adeyemi', 'Johansson', 'Lindqvist',
  'Dubois', 'Lefebvre', 'Rossi', 'Bianchi', 'Novak', 'Kowalski', 'Ivanova', 'Petrov', 'Haddad', 'Mensah',
  'Dlamini', 'Oliveira', 'Costa', 'Nowak', "O'Brien", 'Müller',
];

/** Company names; a contact with one usually has an address at its domain (the name, lower-cased, no spaces). */
// prettier-ignore
export const COMPANIES = [
  'Northwind Traders', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella Health', 'Stark Logistics',
  'Wayne Foods', 'Acme Supply', 'Hooli', 'Vandelay Imports', 'Soylent Farms', 'Tyrell Design', 'Cyberdyne Labs',
  'Wonka Sweets', 'Gringotts Finance', 'Oceanic Air', 'Blue Harbor', 'Redwood Partners', 'Silverline Media',
  'Greenleaf Gardens', 'Ironclad Security', 'Summit Realty', 'Brightside Dental', 'Cedar Creek Builders',
  'Golden Gate Law', 'Harborview Clinic', 'Lakeside Yoga', 'Maple Street Bakery', 'Nimbus Cloud', 'Orchid Events',
  'Pinecrest Academy', 'Quantum Analytics', 'Riverbend Vets', 'Sterling Accounting', 'Trailhead Outfitters',
  'Urban Nest Interiors', 'Velvet Salon', 'Willow Therapy', 'Zenith Fitness', 'Atlas Movers', 'Beacon Insurance',
  'Copperleaf Coffee', 'Driftwood Studio', 'Evergreen Landscaping', 'Foxglove Florist', 'Granite Peak Roofing',
  'Hollow Oak Winery', 'Indigo Print', 'Juniper Consulting', 'Keystone Plumbing', 'Lumen Photography',
  'Meridian Travel', 'Northstar Coaching', 'Oakridge Pediatrics', 'Pioneer Auto', 'Quarry Stoneworks',
  'Rosewood Catering', 'Sapphire Jewelers', 'Tidewater Marine', 'Upland Brewing', 'Vista Optometry',
  'Westbrook Tutors', 'Yellowtail Sushi', 'Alder Architects', 'Birch Bookkeeping', 'Clearwater Pools',
];

/** Free-mail providers (the contacts without a company address). */
// prettier-ignore
export const MAIL_DOMAINS = [
  'gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'aol.com',
  'proton.me', 'fastmail.com', 'gmx.de', 'orange.fr', 'mail.com', 'zoho.com', 'yandex.ru', 'web.de',
];

// prettier-ignore
export const JOB_TITLES = [
  'Owner', 'CEO', 'Founder', 'Office Manager', 'Marketing Director', 'Sales Manager', 'Accountant', 'Designer',
  'Consultant', 'Engineer', 'Operations Lead', 'Practice Manager', 'Coach', 'Account Executive', 'Buyer', 'Teacher',
];
// prettier-ignore
export const INDUSTRIES = [
  'Retail', 'Healthcare', 'Construction', 'Hospitality', 'Finance', 'Legal', 'Education', 'Technology', 'Wellness',
  'Real Estate', 'Manufacturing', 'Marketing',
];
// prettier-ignore
export const CITIES = [
  ['Austin', 'US'], ['Denver', 'US'], ['Seattle', 'US'], ['Chicago', 'US'], ['Boston', 'US'], ['Miami', 'US'],
  ['Toronto', 'CA'], ['Vancouver', 'CA'], ['London', 'GB'], ['Manchester', 'GB'], ['Berlin', 'DE'], ['Munich', 'DE'],
  ['Paris', 'FR'], ['Lyon', 'FR'], ['Madrid', 'ES'], ['Sydney', 'AU'], ['Melbourne', 'AU'], ['Dublin', 'IE'],
  ['Lagos', 'NG'], ['Mumbai', 'IN'], ['Tokyo', 'JP'], ['São Paulo', 'BR'], ['Mexico City', 'MX'], ['Warsaw', 'PL'],
];
// prettier-ignore
export const PHONE_CODES = ['+1', '+1', '+1', '+44', '+49', '+33', '+34', '+61', '+353', '+234', '+91', '+81'];

// prettier-ignore
export const NOTE_TITLES = [
  'Intro call', 'Follow-up', 'Quote sent', 'Meeting recap', 'Renewal', 'Invoice question', 'Onboarding',
  'Feedback', 'Referral', 'Contract review', 'Check-in', 'Proposal',
];
// prettier-ignore
const NOTE_OPENERS = [
  'Called about', 'Emailed regarding', 'Met to discuss', 'Left a voicemail about', 'Quick chat on',
  'Sent the summary of', 'Reviewed', 'Talked through', 'Followed up on', 'Agreed next steps for',
];
// prettier-ignore
const NOTE_SUBJECTS = [
  'the annual renewal', 'the new quote', 'their onboarding', 'the spring campaign', 'the late invoice',
  'the website redesign', 'the service contract', 'a referral from a partner', 'the pricing change',
  'the team workshop', 'the delivery schedule', 'their expansion plans', 'the support ticket', 'the trial account',
];
// prettier-ignore
const NOTE_ENDINGS = [
  'Will follow up next week.', 'They asked for a revised proposal.', 'Waiting on their decision.',
  'Happy with the progress so far.', 'Need to loop in accounting.', 'Book a call for Thursday.',
  'Send the signed copy by Friday.', 'Budget approved, schedule kickoff.', 'Prefers email over phone.',
  'Mentioned a competitor offer.', 'Asked about volume discounts.', 'No action needed for now.',
];
export const NOTE_CATEGORIES = ['general', 'meeting', 'call', 'email', 'project', 'follow-up'];
export const NOTE_PRIORITIES = ['low', 'regular', 'high'];

const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;
const arr = (list) => `ARRAY[${list.map(lit).join(',')}]::text[]`;
/** 1-based pick from a literal array by an integer SQL expression. */
const pick = (list, expr) => `(${arr(list)})[1 + ((${expr}) % ${list.length})]`;
/** An unsigned integer from bytes [from, from+n) of bytea `d`. */
const bytes = (from, n = 2) =>
  Array.from({ length: n }, (_, k) => `get_byte(d, ${from + k})::bigint * ${256 ** (n - 1 - k)}`).join(' + ');

/** The id of contact number i (1-based): a UUID derived from md5, so notes can point at it without a join. */
export const contactIdSql = (iExpr) => `md5('atrium-bench-contact-' || (${iExpr}))::uuid::text`;
export const contactIdOf = async (db, i) =>
  (await db.query(`SELECT ${contactIdSql(`${Number(i)}::int`)} AS id`)).rows[0].id;

/** All data times end here, so runs on different days store the same rows. */
const EPOCH = `'2026-11-01T00:00:00Z'::timestamptz`;
const THREE_YEARS_S = 3 * 365 * 86400;

/** INSERT of contacts lo..hi (inclusive) into one business. search_text is a generated column (schema.ts). */
export function contactsInsertSql({ businessId, userId, lo, hi }) {
  const cities = CITIES.map(([c]) => c);
  const countries = CITIES.map(([, c]) => c);
  const companyDomains = COMPANIES.map((c) => `${c.toLowerCase().replace(/[^a-z]/g, '')}.com`);
  const f = `regexp_replace(lower(v.fn), '[^a-z]', '', 'g')`;
  const l = `regexp_replace(lower(v.ln), '[^a-z]', '', 'g')`;
  return `
INSERT INTO contacts (id, business_id, created_by, first_name, last_name, email, phone_code, phone_number, business,
  status, job_title, industry, city, country, last_contact, created_at, updated_at)
SELECT ${contactIdSql('i')}, ${lit(businessId)}, ${lit(userId)},
  v.fn,
  CASE WHEN get_byte(d, 7) < 6 THEN NULL ELSE v.ln END,
  CASE
    WHEN v.company IS NOT NULL AND get_byte(d, 4) < 150 THEN
      (CASE get_byte(d, 5) % 3 WHEN 0 THEN ${f} || '.' || ${l} WHEN 1 THEN left(${f}, 1) || ${l} ELSE ${f} END)
      || '@' || v.company_domain
    ELSE
      (CASE get_byte(d, 5) % 4
        WHEN 0 THEN ${f} || '.' || ${l}
        WHEN 1 THEN left(${f}, 1) || ${l} || (get_byte(d, 6) % 100)
        WHEN 2 THEN ${f} || '_' || ${l}
        ELSE ${f} || ${l} || (1950 + get_byte(d, 6) % 60) END)
      || '@' || ${pick(MAIL_DOMAINS, bytes(8))}
  END,
  ${pick(PHONE_CODES, 'get_byte(d, 9)')},
  (200 + (${bytes(10)}) % 800)::text || lpad(((${bytes(11, 3)}) % 10000000)::text, 7, '0'),
  v.company,
  CASE WHEN get_byte(d, 12) < 38 THEN 'Inactive' ELSE 'Active' END,
  ${pick(JOB_TITLES, 'get_byte(d, 13)')},
  ${pick(INDUSTRIES, 'get_byte(d, 14)')},
  ${pick(cities, 'get_byte(d, 15)')},
  ${pick(countries, 'get_byte(d, 15)')},
  CASE WHEN get_byte(d, 6) < 70 THEN NULL ELSE v.created_at + (${EPOCH} - v.created_at) * (get_byte(d, 1) / 255.0) END,
  v.created_at, v.created_at
FROM generate_series(${Number(lo)}, ${Number(hi)}) AS i
CROSS JOIN LATERAL (SELECT decode(md5('c' || i), 'hex') AS d) h
CROSS JOIN LATERAL (
  SELECT ${pick(FIRST_NAMES, bytes(0))} AS fn,
         ${pick(LAST_NAMES, bytes(2))} AS ln,
         CASE WHEN get_byte(d, 3) < 180 THEN ${pick(COMPANIES, bytes(12))} END AS company,
         ${pick(companyDomains, bytes(12))} AS company_domain,
         ${EPOCH} - make_interval(secs => (${bytes(8, 4)}) % ${THREE_YEARS_S}) AS created_at
) v`;
}

/**
 * INSERT of notes lo..hi. Notes 1..heavy belong to contact 1 (a busy client); the others spread uniformly over
 * all contacts (≈ notes / contacts each).
 */
export function notesInsertSql({ businessId, userId, lo, hi, contacts, heavy }) {
  const text = `${pick(NOTE_OPENERS, 'get_byte(d, 6)')} || ' ' || ${pick(NOTE_SUBJECTS, 'get_byte(d, 7)')} || '. ' || ${pick(NOTE_ENDINGS, 'get_byte(d, 8)')}`;
  return `
INSERT INTO notes (id, business_id, entity_type, entity_id, title, content, content_text, category, priority,
  is_pinned, created_by, created_at, updated_at)
SELECT md5('atrium-bench-note-' || j)::uuid::text, ${lit(businessId)}, 'contact',
  ${contactIdSql(`CASE WHEN j <= ${Number(heavy)} THEN 1 ELSE 1 + (${bytes(0, 4)}) % ${Number(contacts)} END`)},
  CASE WHEN get_byte(d, 4) < 128 THEN ${pick(NOTE_TITLES, 'get_byte(d, 5)')} END,
  '<p>' || v.txt || '</p>', v.txt,
  ${pick(NOTE_CATEGORIES, 'get_byte(d, 9)')},
  CASE WHEN get_byte(d, 10) < 160 THEN NULL ELSE ${pick(NOTE_PRIORITIES, 'get_byte(d, 11)')} END,
  get_byte(d, 12) < 5,
  ${lit(userId)},
  v.created_at, v.created_at
FROM generate_series(${Number(lo)}, ${Number(hi)}) AS j
CROSS JOIN LATERAL (SELECT decode(md5('n' || j), 'hex') AS d) h
CROSS JOIN LATERAL (
  SELECT ${text} AS txt,
         ${EPOCH} - make_interval(secs => (${bytes(13, 3)}) % ${THREE_YEARS_S}) AS created_at
) v`;
}

/** A deterministic CSV for the import timing (header names = the contact field names, so mapping is identity). */
export function importCsv(rows) {
  let seed = 0x9e3779b9;
  const rnd = (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const esc = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const header = ['firstName', 'lastName', 'email', 'phoneNumber', 'business', 'jobTitle', 'city', 'country'];
  const lines = [header.join(',')];
  for (let i = 1; i <= rows; i++) {
    const fn = FIRST_NAMES[rnd(FIRST_NAMES.length)];
    const ln = LAST_NAMES[rnd(LAST_NAMES.length)];
    const company = rnd(3) ? COMPANIES[rnd(COMPANIES.length)] : '';
    const [city, country] = CITIES[rnd(CITIES.length)];
    const email = `${fn}.${ln}${i}@${MAIL_DOMAINS[rnd(MAIL_DOMAINS.length)]}`
      .toLowerCase()
      .replace(/[^a-z0-9.@_]/g, '');
    const phone = `${200 + rnd(800)}${String(rnd(10_000_000)).padStart(7, '0')}`;
    lines.push([fn, ln, email, phone, company, JOB_TITLES[rnd(JOB_TITLES.length)], city, country].map(esc).join(','));
  }
  return { header, text: `${lines.join('\n')}\n` };
}

// Deterministic test people: Latin and Thai names, drawn with a seeded PRNG (mulberry32).

/** @param {number} seed @returns {() => number} a number in [0, 1) at each call */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LATIN_FIRST = [
  'Olivia',
  'Noah',
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Arthur',
  'Mia',
  'Leo',
  'Sophia',
  'Harry',
  'Grace',
  'Oscar',
  'Lily',
  'Jack',
  'Freya',
  'Charlie',
  'Emily',
  'Thomas',
  'Zoë',
  'Chloé',
  'Łukasz',
  'Søren',
  'José',
  'Renée',
  'Björn',
  'Ana',
  'Mateo',
  'Hannah',
];
const LATIN_LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Müller',
  'García',
  'Nguyen',
  'Kowalski',
  'O’Brien',
  'Dubois',
  'Rossi',
  'Andersen',
];
const THAI_FIRST = [
  'สมชาย',
  'สมหญิง',
  'อนงค์',
  'นิรันดร์',
  'พิมพ์ชนก',
  'กัญญา',
  'ธนากร',
  'วิทยา',
  'ศิริพร',
  'ประเสริฐ',
  'สุนิสา',
  'ชัยวัฒน์',
  'ณัฐพล',
  'อรุณี',
  'ปิยะ',
  'มาลี',
];
const THAI_LAST = [
  'ใจดี',
  'สุขสวัสดิ์',
  'ทองดี',
  'ศรีสุข',
  'บุญมี',
  'วงศ์สกุล',
  'แสงทอง',
  'รัตนโชติ',
  'พึ่งบุญ',
  'ชัยมงคล',
  'เจริญผล',
  'มั่นคง',
];
const ROMAN = ['somchai', 'anong', 'niran', 'pim', 'kanya', 'thanakorn', 'wittaya', 'siriporn'];
const DOMAINS = ['example.com', 'staff.example.org', 'mail.example.net', 'corp.example.co.th'];
export const POSITIONS = ['admin', 'project_owner', 'project_manager', 'contractor', 'finance'];

/** @template T @param {() => number} random @param {T[]} list @returns {T} */
const pick = (random, list) => /** @type {T} */ (list[Math.floor(random() * list.length)]);

/**
 * Person number `index`: name, email, position, status and creation time.
 * @param {() => number} random
 * @param {number} index
 * @param {number} baseTime
 */
export function person(random, index, baseTime) {
  const thai = random() < 0.35;
  const fullName = thai
    ? `${pick(random, THAI_FIRST)} ${pick(random, THAI_LAST)}`
    : `${pick(random, LATIN_FIRST)} ${pick(random, LATIN_LAST)}`;
  const local = thai
    ? pick(random, ROMAN)
    : fullName
        .slice(0, fullName.indexOf(' '))
        .normalize('NFD')
        .replace(/[^a-z]/gi, '');
  const email = `${local.toLowerCase()}.${index}@${pick(random, DOMAINS)}`;
  const roll = random();
  const status = roll < 0.8 ? 'active' : roll < 0.9 ? 'inactive' : 'pending';
  // Several people share a second: the id tie-break is exercised.
  const createdAt = new Date(baseTime + Math.floor(index / 3) * 1000).toISOString();
  return {
    fullName: status === 'pending' && random() < 0.5 ? null : fullName,
    email,
    position: pick(random, POSITIONS),
    status,
    createdAt,
  };
}

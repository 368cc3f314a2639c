import { id_ID } from '@faker-js/faker';
import { accountDomain } from '@portal/contracts/brand';
import type { SchoolLevel } from '@portal/contracts/user-types';
import { normalizeName, personNameKey } from '../registry/name-normalizer';
import { PROVINCE_POPULATION_THOUSANDS, type RegionData, type Regency } from './regions';
import { AffinePermutation, SeededRandom, hashSeed, unitHash } from './seeded-random';

export type RegionRow = {
  code: string;
  parentCode: string | null;
  level: 'province' | 'regency';
  name: string;
};
export type OfficeType = 'provinsi' | 'kota_kabupaten';
export type OfficeRow = { id: number; regionCode: string; type: OfficeType; name: string };
export type SchoolRow = {
  npsn: string;
  name: string;
  nameKey: string;
  level: SchoolLevel;
  regencyCode: string;
  address: string;
};
export type PersonKind = 'ptk' | 'pd' | 'dinas';
export type PersonRow = {
  id: number;
  kind: PersonKind;
  nik: string;
  nisn: string | null;
  nuptk: string | null;
  fullName: string;
  nameKey: string;
  gender: 'L' | 'P';
  /** YYYY-MM-DD */
  birthDate: string | null;
  motherName: string;
  motherNameKey: string;
  personalEmail: string | null;
  phone: string | null;
};
export type SchoolRole = 'principal' | 'operator' | 'teacher' | 'student';
export type MembershipRow = {
  personId: number;
  npsn: string;
  role: SchoolRole;
  /** YYYY-MM-DD when the person left the school; null while they are there. */
  leftOn: string | null;
};
export type OfficeStaffRow = { personId: number; officeId: number; position: string };
export type AccountRow = {
  email: string;
  kind: PersonKind;
  personId: number;
  schoolLevel: SchoolLevel | null;
  officeId: number | null;
};
/** One registry person with everything that hangs off them. */
export type GeneratedPerson = {
  person: PersonRow;
  memberships: MembershipRow[];
  officeStaff: OfficeStaffRow | null;
  accounts: AccountRow[];
};

type LevelProfile = {
  /** Schools of this level nationally (Dapodik, rounded): sets the mix of schools. */
  schoolsNationally: number;
  studentsPerSchool: number;
  studentsPerTeacher: number;
  negeriShare: number;
  /** Student ages [min, max) in years on the reference date. */
  studentAges: readonly [number, number];
  /** Share of women among teachers. */
  womenTeaching: number;
  /** The level a teacher of this level most often also teaches at. */
  partner: SchoolLevel;
};

// Students per teacher are set so that the whole registry has about 17 students per teacher.
const LEVEL_PROFILES: Readonly<Record<SchoolLevel, LevelProfile>> = {
  SD: {
    schoolsNationally: 148_000,
    studentsPerSchool: 160,
    studentsPerTeacher: 20,
    negeriShare: 0.88,
    studentAges: [6, 13],
    womenTeaching: 0.7,
    partner: 'SMP',
  },
  SMP: {
    schoolsNationally: 41_000,
    studentsPerSchool: 240,
    studentsPerTeacher: 18,
    negeriShare: 0.57,
    studentAges: [12, 16],
    womenTeaching: 0.62,
    partner: 'SMA',
  },
  SMA: {
    schoolsNationally: 14_000,
    studentsPerSchool: 350,
    studentsPerTeacher: 18,
    negeriShare: 0.5,
    studentAges: [15, 19],
    womenTeaching: 0.6,
    partner: 'SMK',
  },
  SMK: {
    schoolsNationally: 14_000,
    studentsPerSchool: 350,
    studentsPerTeacher: 18,
    negeriShare: 0.25,
    studentAges: [15, 19],
    womenTeaching: 0.5,
    partner: 'SMA',
  },
  SLB: {
    schoolsNationally: 2_300,
    studentsPerSchool: 60,
    studentsPerTeacher: 5,
    negeriShare: 0.25,
    studentAges: [6, 20],
    womenTeaching: 0.7,
    partner: 'SD',
  },
  PAUD: {
    schoolsNationally: 200_000,
    studentsPerSchool: 35,
    studentsPerTeacher: 12,
    negeriShare: 0.03,
    studentAges: [4, 7],
    womenTeaching: 0.95,
    partner: 'SD',
  },
  PKBM: {
    schoolsNationally: 10_000,
    studentsPerSchool: 100,
    studentsPerTeacher: 20,
    negeriShare: 0,
    studentAges: [12, 20],
    womenTeaching: 0.5,
    partner: 'SMP',
  },
};

// SD first: the first educator and student in id order (the demo identities) are at an SD.
const LEVEL_ORDER: readonly SchoolLevel[] = ['SD', 'SMP', 'SMA', 'SMK', 'SLB', 'PAUD', 'PKBM'];

// A school has at least a principal, an operator and one teacher.
const MIN_PEOPLE_PER_SCHOOL = 3;
export const MIN_REGISTRY_PEOPLE = 100;
/** The seed of the demo registry unless one is given. */
export const DEFAULT_REGISTRY_SEED = 'demo';

/** Ages are taken on a fixed date so that a seed gives the same people on any day. */
export const REFERENCE_DATE = '2025-07-14';
const REFERENCE_DAY = Date.UTC(2025, 6, 14) / 86_400_000;

const SHARE_WITHOUT_ACCOUNT = 0.07;
const SHARE_WITHOUT_EMAIL = 0.2;
const SHARE_WITHOUT_PHONE = 0.15;
const SHARE_MULTI_LEVEL_TEACHERS = 0.1;
const SHARE_WITH_NUPTK = 0.65;
const SHARE_NIK_ELSEWHERE = 0.12;
const DINAS_SHARE = 0.002;
const DINAS_PER_OFFICE_MAX = 3;

// NIK: 2-digit district-like code x 4-digit serial give this many distinct tails; beyond it,
// people are spread over birth days by segment so that no two NIK can coincide (see nikFor).
const NIK_DISTRICTS = 99;
const NIK_SERIALS = 9_999;
const NIK_TAILS = NIK_DISTRICTS * NIK_SERIALS;

// Stream numbers of SeededRandom: each purpose draws from its own sequence.
const STREAM_PLAN = 1;
const STREAM_SCHOOL = 2;
const STREAM_PEOPLE = 3;
const STREAM_DINAS = 4;
const HASH_SCHOOL_SIZE = 5;
const HASH_SCHOOL_POSITION = 6;
const HASH_NPSN_PREFIX = 7;

const OFFICE_POSITIONS = [
  'Kepala Dinas',
  'Sekretaris Dinas',
  'Kepala Bidang Pembinaan SD',
  'Kepala Bidang Pembinaan SMP',
  'Kepala Bidang PAUD dan Pendidikan Nonformal',
  'Kepala Bidang Guru dan Tenaga Kependidikan',
  'Operator Dapodik Dinas',
] as const;

// Names with an apostrophe occur in the registry and exercise normalisation and CSV quoting.
const APOSTROPHE_NAMES = {
  female: ["Nur'aini", "Qur'ani", "Mu'minah", "Sa'adah"],
  male: ["Ma'ruf", "Rif'at", "Sya'ban", "Mu'adz"],
} as const;

const ISLAMIC_FOUNDATIONS = [
  'Al-Hikmah',
  'Al-Falah',
  'Nurul Huda',
  'Darul Ulum',
  'Al-Azhar',
  'Al-Ikhlas',
  'Nurul Iman',
  'Baitul Makmur',
  'Miftahul Jannah',
  'Ar-Rahman',
  'At-Taqwa',
  'Darussalam',
  'Nurul Falah',
  'Al-Muhajirin',
];
const CHRISTIAN_FOUNDATIONS = ['Kalam Kudus', 'Immanuel', 'Petra', 'Bethel', 'Kanaan', 'Elim'];
const CATHOLIC_FOUNDATIONS = ['Santo Yusup', 'Santa Maria', 'Santo Fransiskus', 'Santa Theresia'];
const GENERAL_FOUNDATIONS = [
  'Tunas Harapan',
  'Bina Bangsa',
  'Pelita Harapan',
  'Harapan Bangsa',
  'Tunas Bangsa',
  'Cahaya Ilmu',
  'Bina Mandiri',
  'Putra Bangsa',
  'Nusantara',
  'Pembangunan',
  'Karya Bhakti',
  'Taruna Jaya',
  'Widya Dharma',
];
const PAUD_NAMES = [
  'Kasih Bunda',
  'Melati',
  'Mawar',
  'Pertiwi',
  'Tunas Mekar',
  'Ceria',
  'Permata Hati',
  'Bintang Kecil',
  'Pelangi',
];
const PAUD_KINDS = ['TK', 'KB', 'RA', 'PAUD', 'TPA'];
const STREETS = [
  'Merdeka',
  'Jenderal Sudirman',
  'Diponegoro',
  'Ahmad Yani',
  'Gatot Subroto',
  'Pahlawan',
  'Pendidikan',
  'Veteran',
  'Kartini',
  'Imam Bonjol',
  'Hasanuddin',
  'Pattimura',
  'Pemuda',
  'Raya',
];
const PHONE_PREFIXES = [
  '0811',
  '0812',
  '0813',
  '0821',
  '0822',
  '0852',
  '0853',
  '0857',
  '0878',
  '0896',
];
const EMAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'yahoo.co.id'];

type NameLists = {
  first: { female: readonly string[]; male: readonly string[] };
  last: { female: readonly string[]; male: readonly string[] };
};

function nameLists(): NameLists {
  const person = id_ID.person;
  const first = person?.first_name;
  const last = person?.last_name;
  if (!first || Array.isArray(first) || !last || Array.isArray(last)) {
    throw new Error('faker id_ID has no gendered name lists');
  }
  const list = (value: readonly string[] | undefined, what: string): readonly string[] => {
    if (!value || value.length === 0) throw new Error(`faker id_ID has no ${what}`);
    return value;
  };
  return {
    first: {
      female: list(first.female, 'female first names'),
      male: list(first.male, 'male first names'),
    },
    last: {
      female: list(last.female, 'female last names'),
      male: list(last.male, 'male last names'),
    },
  };
}

type LevelPlan = {
  level: SchoolLevel;
  profile: LevelProfile;
  schools: number;
  /** Index of the first school of this level among all schools. */
  schoolStart: number;
  /** People in the schools of this level. */
  people: number;
  /** Person index (id - 1) of the first person of this level. */
  peopleStart: number;
  /** Seed-dependent rotation of where in the country the level's first school lies. */
  positionOffset: number;
};

export type RegistryPlanOptions = {
  people: number;
  seed: string;
  /** Learning accounts are `<name>@<productName>.id`. */
  productName: string;
};

export type RegistryPlan = {
  options: RegistryPlanOptions;
  seedHash: number;
  domain: string;
  regions: RegionData;
  /** Regencies with the cumulative share of population up to and including each. */
  regencyCumulative: Float64Array;
  levels: readonly LevelPlan[];
  levelByName: ReadonlyMap<SchoolLevel, LevelPlan>;
  schools: number;
  offices: number;
  dinasPeople: number;
  npsnTails: AffinePermutation;
  nikTails: AffinePermutation;
  nisns: AffinePermutation;
  nuptks: AffinePermutation;
  names: NameLists;
};

/** Integers proportional to weights that add up to exactly `total` (largest remainder). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const result = exact.map(Math.floor);
  let left = total - result.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left--;
  }
  return result;
}

const averagePeoplePerSchool = (p: LevelProfile): number =>
  p.studentsPerSchool + p.studentsPerSchool / p.studentsPerTeacher + 2;

/** Sizes everything from the number of people; cheap, and the same for the same inputs. */
export function createRegistryPlan(
  regions: RegionData,
  options: RegistryPlanOptions,
): RegistryPlan {
  const total = options.people;
  if (!Number.isSafeInteger(total) || total < MIN_REGISTRY_PEOPLE) {
    throw new RangeError(`people must be a whole number of at least ${MIN_REGISTRY_PEOPLE}`);
  }
  const seedHash = hashSeed(options.seed);
  const random = new SeededRandom(seedHash, STREAM_PLAN);
  const offices = regions.provinces.length + regions.regencies.length;
  const dinasPeople = Math.min(
    offices * DINAS_PER_OFFICE_MAX,
    Math.max(3, Math.round(total * DINAS_SHARE)),
  );
  const schoolPeople = total - dinasPeople;

  const profiles = LEVEL_ORDER.map((level) => LEVEL_PROFILES[level]);
  const nationalSchools = profiles.reduce((a, p) => a + p.schoolsNationally, 0);
  const averageSize =
    profiles.reduce((a, p) => a + p.schoolsNationally * averagePeoplePerSchool(p), 0) /
    nationalSchools;
  const schoolCount = Math.max(
    LEVEL_ORDER.length,
    Math.min(
      Math.round(schoolPeople / averageSize),
      Math.floor(schoolPeople / MIN_PEOPLE_PER_SCHOOL),
    ),
  );
  // Every level gets a school, the rest goes by the national mix.
  const schoolsByLevel = apportion(
    schoolCount - LEVEL_ORDER.length,
    profiles.map((p) => p.schoolsNationally),
  ).map((n) => n + 1);
  const spare = schoolPeople - MIN_PEOPLE_PER_SCHOOL * schoolCount;
  const extraByLevel = apportion(
    spare,
    profiles.map(
      (p, i) => (schoolsByLevel[i] ?? 0) * (averagePeoplePerSchool(p) - MIN_PEOPLE_PER_SCHOOL),
    ),
  );

  const levels: LevelPlan[] = [];
  let schoolStart = 0;
  let peopleStart = dinasPeople;
  LEVEL_ORDER.forEach((level, i) => {
    const schools = schoolsByLevel[i] ?? 0;
    const people = MIN_PEOPLE_PER_SCHOOL * schools + (extraByLevel[i] ?? 0);
    levels.push({
      level,
      profile: LEVEL_PROFILES[level],
      schools,
      schoolStart,
      people,
      peopleStart,
      positionOffset: random.next(),
    });
    schoolStart += schools;
    peopleStart += people;
  });

  const regencyCumulative = new Float64Array(regions.regencies.length);
  const regenciesPerProvince = new Map<string, number>();
  for (const r of regions.regencies) {
    regenciesPerProvince.set(r.provinceCode, (regenciesPerProvince.get(r.provinceCode) ?? 0) + 1);
  }
  const smallest = Math.min(...Object.values(PROVINCE_POPULATION_THOUSANDS));
  let running = 0;
  regions.regencies.forEach((r, i) => {
    const population = PROVINCE_POPULATION_THOUSANDS[r.provinceCode] ?? smallest;
    running += population / (regenciesPerProvince.get(r.provinceCode) ?? 1);
    regencyCumulative[i] = running;
  });
  for (let i = 0; i < regencyCumulative.length; i++) {
    regencyCumulative[i] = (regencyCumulative[i] ?? 0) / running;
  }

  return {
    options,
    seedHash,
    domain: accountDomain({ productName: options.productName }),
    regions,
    regencyCumulative,
    levels,
    levelByName: new Map(levels.map((l) => [l.level, l])),
    schools: schoolCount,
    offices,
    dinasPeople,
    npsnTails: new AffinePermutation(10_000_000, random),
    nikTails: new AffinePermutation(NIK_TAILS, random),
    nisns: new AffinePermutation(1_000_000_000, random),
    nuptks: new AffinePermutation(10_000_000_000, random),
    names: nameLists(),
  };
}

function regencyAt(plan: RegistryPlan, position: number): Regency {
  const cumulative = plan.regencyCumulative;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] ?? 1) > position) hi = mid;
    else lo = mid + 1;
  }
  const regency = plan.regions.regencies[lo];
  if (!regency) throw new Error('no regencies loaded');
  return regency;
}

function randomRegency(plan: RegistryPlan, random: SeededRandom): Regency {
  return regencyAt(plan, random.next());
}

// Schools of a level are laid out around the country in population order (stratified), so a
// school's neighbours in index are its neighbours on the map.
function schoolPosition(plan: RegistryPlan, level: LevelPlan, index: number): number {
  const jitter = unitHash(plan.seedHash, HASH_SCHOOL_POSITION, level.schoolStart + index);
  const position = (index + jitter) / level.schools + level.positionOffset;
  return position - Math.floor(position);
}

// Cumulative number of people above the minimum before school `index` of a level: sizes vary
// between none and twice the average, and still add up exactly.
function extraBefore(plan: RegistryPlan, level: LevelPlan, index: number): number {
  if (index <= 0) return 0;
  const extra = level.people - MIN_PEOPLE_PER_SCHOOL * level.schools;
  if (index >= level.schools) return extra;
  const jitter = unitHash(plan.seedHash, HASH_SCHOOL_SIZE, level.schoolStart + index);
  return Math.floor((extra * (index + jitter)) / level.schools);
}

type SchoolFrame = {
  index: number;
  level: LevelPlan;
  npsn: string;
  regency: Regency;
  firstPersonIndex: number;
  size: number;
};

const NPSN_FIRST_DIGITS: Readonly<Record<SchoolLevel, string>> = {
  SD: '12',
  SMP: '21',
  SMA: '23',
  SMK: '23',
  SLB: '126',
  PAUD: '6',
  PKBM: '6',
};

function npsnOf(plan: RegistryPlan, level: SchoolLevel, schoolIndex: number): string {
  const tail = String(plan.npsnTails.at(schoolIndex)).padStart(7, '0');
  const roll = unitHash(plan.seedHash, HASH_NPSN_PREFIX, schoolIndex);
  // Non-formal units (and a few PAUD) carry letter NPSN: P for PAUD/non-formal, K for courses.
  if (level === 'PKBM' && roll < 0.5) return `P${tail}`;
  if (level === 'PKBM' && roll < 0.6) return `K${tail}`;
  if (level === 'PAUD' && roll < 0.1) return `P${tail}`;
  const digits = NPSN_FIRST_DIGITS[level];
  const first = digits[Math.floor(roll * digits.length)] ?? '1';
  return `${first}${tail}`;
}

function schoolFrame(plan: RegistryPlan, level: LevelPlan, index: number): SchoolFrame {
  const schoolIndex = level.schoolStart + index;
  const before = extraBefore(plan, level, index);
  const after = extraBefore(plan, level, index + 1);
  return {
    index: schoolIndex,
    level,
    npsn: npsnOf(plan, level.level, schoolIndex),
    regency: regencyAt(plan, schoolPosition(plan, level, index)),
    firstPersonIndex: level.peopleStart + MIN_PEOPLE_PER_SCHOOL * index + before,
    size: MIN_PEOPLE_PER_SCHOOL + after - before,
  };
}

/** Provinces then regencies/cities, as the registry's regions table holds them. */
export function regionRows(plan: RegistryPlan): RegionRow[] {
  return [
    ...plan.regions.provinces.map((p): RegionRow => ({
      code: p.code,
      parentCode: null,
      level: 'province',
      name: p.name,
    })),
    ...plan.regions.regencies.map((r): RegionRow => ({
      code: r.code,
      parentCode: r.provinceCode,
      level: 'regency',
      name: r.name,
    })),
  ];
}

/** One education office per province, then one per regency/city; ids from 1 in that order. */
export function officeRows(plan: RegistryPlan): OfficeRow[] {
  const provinces = plan.regions.provinces.map((p, i): OfficeRow => ({
    id: i + 1,
    regionCode: p.code,
    type: 'provinsi',
    name: `Dinas Pendidikan Provinsi ${p.name}`,
  }));
  const regencies = plan.regions.regencies.map((r, i): OfficeRow => ({
    id: provinces.length + i + 1,
    regionCode: r.code,
    type: 'kota_kabupaten',
    name: `Dinas Pendidikan ${r.name}`,
  }));
  return [...provinces, ...regencies];
}

const placeName = (regency: Regency): string => regency.name.replace(/^Kabupaten /, '');

/** Every school, level by level, with an Indonesian name and address. */
export function* schoolRows(plan: RegistryPlan): Generator<SchoolRow> {
  // Numbering of public schools runs per level and regency: "SD Negeri 3 Kota Bandung".
  const counters = new Map<string, number>();
  const next = (key: string): number => {
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return n;
  };
  for (const level of plan.levels) {
    for (let i = 0; i < level.schools; i++) {
      const frame = schoolFrame(plan, level, i);
      const random = new SeededRandom(plan.seedHash, STREAM_SCHOOL, frame.index);
      const name = schoolName(level, frame.regency, random, next);
      const district = frame.regency.districts.length
        ? `Kec. ${random.pick(frame.regency.districts)}, `
        : '';
      const street = random.chance(0.7) ? random.pick(STREETS) : random.pick(plan.names.last.male);
      yield {
        npsn: frame.npsn,
        name,
        nameKey: normalizeName(name),
        level: level.level,
        regencyCode: frame.regency.code,
        address: `Jl. ${street} No. ${random.between(1, 200)}, ${district}${frame.regency.name}`,
      };
    }
  }
}

function schoolName(
  level: LevelPlan,
  regency: Regency,
  random: SeededRandom,
  next: (key: string) => number,
): string {
  const place = placeName(regency);
  const code = level.level;
  const numbered = (kind: string): number => next(`${code}|${regency.code}|${kind}`);
  if (code === 'PAUD') {
    if (random.chance(level.profile.negeriShare)) return `TK Negeri ${numbered('negeri')} ${place}`;
    if (random.chance(0.15)) return `TK Aisyiyah Bustanul Athfal ${numbered('aba')} ${place}`;
    return `${random.pick(PAUD_KINDS)} ${random.pick(random.chance(0.3) ? ISLAMIC_FOUNDATIONS : PAUD_NAMES)}`;
  }
  if (code === 'PKBM') {
    return `PKBM ${random.pick(random.chance(0.4) ? ISLAMIC_FOUNDATIONS : GENERAL_FOUNDATIONS)}`;
  }
  if (random.chance(level.profile.negeriShare))
    return `${code} Negeri ${numbered('negeri')} ${place}`;
  const roll = random.next();
  if (roll < 0.35)
    return `${code} Swasta ${random.pick([...ISLAMIC_FOUNDATIONS, ...GENERAL_FOUNDATIONS])}`;
  if (roll < 0.55) return `${code} Islam Terpadu ${random.pick(ISLAMIC_FOUNDATIONS)}`;
  if (roll < 0.7) return `${code} Muhammadiyah ${numbered('muhammadiyah')} ${place}`;
  if (roll < 0.8) return `${code} Kristen ${random.pick(CHRISTIAN_FOUNDATIONS)}`;
  if (roll < 0.9) return `${code} Katolik ${random.pick(CATHOLIC_FOUNDATIONS)}`;
  return `${code} PGRI ${numbered('pgri')} ${place}`;
}

type Gender = 'L' | 'P';

function personName(
  plan: RegistryPlan,
  random: SeededRandom,
  gender: Gender,
): { full: string; first: string; last: string } {
  const key = gender === 'P' ? 'female' : 'male';
  const first = random.chance(0.03)
    ? random.pick(APOSTROPHE_NAMES[key])
    : random.pick(plan.names.first[key]);
  const roll = random.next();
  if (roll < 0.1) return { full: first, first, last: '' };
  const last = random.pick(plan.names.last[key]);
  if (roll < 0.35) {
    const middle = random.pick(plan.names.first[key]);
    return { full: `${first} ${middle} ${last}`, first, last };
  }
  return { full: `${first} ${last}`, first, last };
}

function motherName(plan: RegistryPlan, random: SeededRandom): string {
  const first = random.pick(plan.names.first.female);
  return random.chance(0.5) ? `${first} ${random.pick(plan.names.last.female)}` : first;
}

const asciiSlug = (value: string): string =>
  value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Days since 1970-01-01 to YYYY-MM-DD and the NIK's DDMMYY (day + 40 for women). */
function dateParts(day: number, gender: Gender): { iso: string; nik: string } {
  const date = new Date(day * 86_400_000);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  return {
    iso: `${y}-${pad2(m)}-${pad2(d)}`,
    nik: `${pad2(gender === 'P' ? d + 40 : d)}${pad2(m)}${pad2(y % 100)}`,
  };
}

function nikSegments(plan: RegistryPlan): number {
  return Math.ceil(plan.options.people / NIK_TAILS);
}

/**
 * A birth day within [minAge, maxAge) years before the reference date. When the registry is
 * larger than the NIK tails allow, the day also encodes the person's segment (see nikFor).
 */
function birthDay(
  plan: RegistryPlan,
  random: SeededRandom,
  personIndex: number,
  minAge: number,
  maxAge: number,
): number {
  const youngest = REFERENCE_DAY - Math.round(minAge * 365.25);
  const span = Math.round((maxAge - minAge) * 365.25);
  const day = youngest - random.int(span);
  const segments = nikSegments(plan);
  if (segments === 1) return day;
  const segment = Math.floor(personIndex / NIK_TAILS);
  const shift = (((segment - day) % segments) + segments) % segments;
  return day - segments + shift;
}

/**
 * NIK: regency (4) + district-like (2) + DDMMYY (+40 for women) + serial (4). The last
 * district-like and serial digits are a permutation of the person index, unique within each
 * block of NIK_TAILS people; blocks differ in birth day modulo the number of blocks, and the
 * birth window is under a century, so no two people share a NIK.
 */
function nikFor(
  plan: RegistryPlan,
  regency: Regency,
  personIndex: number,
  dateDigits: string,
): string {
  const tail = plan.nikTails.at(personIndex % NIK_TAILS);
  const district = Math.floor(tail / NIK_SERIALS) + 1;
  const serial = (tail % NIK_SERIALS) + 1;
  return `${regency.code.replace('.', '')}${pad2(district)}${dateDigits}${String(serial).padStart(4, '0')}`;
}

type Role = SchoolRole | 'dinas';

function roleAges(role: Role, level: LevelProfile | null): readonly [number, number] {
  switch (role) {
    case 'student':
      return level?.studentAges ?? [6, 13];
    case 'principal':
      return [38, 60];
    case 'operator':
      return [22, 45];
    case 'teacher':
      return [22, 60];
    case 'dinas':
      return [25, 58];
  }
}

function womenShare(role: Role, level: LevelProfile | null): number {
  if (role === 'teacher') return level?.womenTeaching ?? 0.5;
  if (role === 'principal') return level === LEVEL_PROFILES.PAUD ? 0.95 : 0.45;
  return 0.49;
}

type PersonDraft = {
  row: PersonRow;
  first: string;
  last: string;
};

function draftPerson(
  plan: RegistryPlan,
  random: SeededRandom,
  personIndex: number,
  kind: PersonKind,
  role: Role,
  level: LevelProfile | null,
  home: Regency,
): PersonDraft {
  const gender: Gender = random.chance(womenShare(role, level)) ? 'P' : 'L';
  const name = personName(plan, random, gender);
  const mother = motherName(plan, random);
  const [minAge, maxAge] = roleAges(role, level);
  const date = dateParts(birthDay(plan, random, personIndex, minAge, maxAge), gender);
  const nikRegency = random.chance(SHARE_NIK_ELSEWHERE) ? randomRegency(plan, random) : home;
  const slug = `${asciiSlug(name.first)}${asciiSlug(name.last)}`;
  const personalEmail = random.chance(SHARE_WITHOUT_EMAIL)
    ? null
    : `${slug || 'user'}${random.between(1, 1000)}@${random.pick(EMAIL_DOMAINS)}`;
  const phone = random.chance(SHARE_WITHOUT_PHONE)
    ? null
    : `${random.pick(PHONE_PREFIXES)}${random.digits(random.chance(0.5) ? 7 : 8)}`;
  const hasNuptk = kind === 'ptk' && random.chance(role === 'principal' ? 0.95 : SHARE_WITH_NUPTK);
  return {
    row: {
      id: personIndex + 1,
      kind,
      nik: nikFor(plan, nikRegency, personIndex, date.nik),
      nisn: kind === 'pd' ? `0${String(plan.nisns.at(personIndex)).padStart(9, '0')}` : null,
      nuptk: hasNuptk
        ? `${random.between(1, 10)}${random.digits(5)}${String(plan.nuptks.at(personIndex)).padStart(10, '0')}`
        : null,
      fullName: name.full,
      nameKey: personNameKey(name.full),
      gender,
      birthDate: date.iso,
      motherName: mother,
      motherNameKey: personNameKey(mother),
      personalEmail,
      phone,
    },
    first: name.first,
    last: name.last,
  };
}

/**
 * The learning account address: name, then the person id, then the level for an educator's
 * further accounts. The id makes it unique without asking the database, and since names
 * carry no digits, no two (name, id, level) triples can spell the same address.
 */
function accountEmail(plan: RegistryPlan, draft: PersonDraft, suffix: string): string {
  const first = asciiSlug(draft.first) || 'user';
  const last = asciiSlug(draft.last);
  const name = last ? `${first}.${last}` : first;
  return `${name}${draft.row.id}${suffix}@${plan.domain}`;
}

function* dinasPeople(plan: RegistryPlan): Generator<GeneratedPerson> {
  const offices = officeRows(plan);
  const provinceOffices = plan.regions.provinces.length;
  for (let s = 0; s < plan.dinasPeople; s++) {
    const random = new SeededRandom(plan.seedHash, STREAM_DINAS, s);
    const office = offices[s % offices.length];
    if (!office) throw new Error('no offices');
    const position =
      OFFICE_POSITIONS[Math.floor(s / offices.length) % OFFICE_POSITIONS.length] ?? 'Staf';
    const home =
      s % offices.length < provinceOffices
        ? randomRegencyIn(plan, office.regionCode, random)
        : (plan.regions.regencies.find((r) => r.code === office.regionCode) ??
          randomRegency(plan, random));
    const draft = draftPerson(plan, random, s, 'dinas', 'dinas', null, home);
    const hasAccount = !random.chance(SHARE_WITHOUT_ACCOUNT);
    yield {
      person: draft.row,
      memberships: [],
      officeStaff: { personId: draft.row.id, officeId: office.id, position },
      accounts: hasAccount
        ? [
            {
              email: accountEmail(plan, draft, ''),
              kind: 'dinas',
              personId: draft.row.id,
              schoolLevel: null,
              officeId: office.id,
            },
          ]
        : [],
    };
  }
}

function randomRegencyIn(plan: RegistryPlan, provinceCode: string, random: SeededRandom): Regency {
  const inProvince = plan.regions.regencies.filter((r) => r.provinceCode === provinceCode);
  return inProvince.length ? random.pick(inProvince) : randomRegency(plan, random);
}

function partnerSchool(
  plan: RegistryPlan,
  level: LevelPlan,
  index: number,
): { npsn: string; level: SchoolLevel } | null {
  const partner = plan.levelByName.get(level.profile.partner);
  if (!partner || partner.schools === 0) return null;
  // The school at the same place in the partner level's layout: a school nearby.
  const here = schoolPosition(plan, level, index) - partner.positionOffset;
  const position = here - Math.floor(here);
  const partnerIndex = Math.min(partner.schools - 1, Math.floor(position * partner.schools));
  return {
    npsn: npsnOf(plan, partner.level, partner.schoolStart + partnerIndex),
    level: partner.level,
  };
}

function* schoolPeople(
  plan: RegistryPlan,
  level: LevelPlan,
  index: number,
): Generator<GeneratedPerson> {
  const frame = schoolFrame(plan, level, index);
  const random = new SeededRandom(plan.seedHash, STREAM_PEOPLE, frame.index);
  const profile = level.profile;
  const staff = frame.size - 2;
  const teachers = Math.max(
    1,
    Math.min(staff, Math.round(staff / (1 + profile.studentsPerTeacher))),
  );
  // Students of this school waiting for an account so far: every school shows each gap early.
  let waiting = 0;
  for (let k = 0; k < frame.size; k++) {
    const personIndex = frame.firstPersonIndex + k;
    const role: SchoolRole =
      k === 0 ? 'principal' : k === 1 ? 'operator' : k < 2 + teachers ? 'teacher' : 'student';
    const kind: PersonKind = role === 'student' ? 'pd' : 'ptk';
    const draft = draftPerson(plan, random, personIndex, kind, role, profile, frame.regency);
    const id = draft.row.id;
    const memberships: MembershipRow[] = [{ personId: id, npsn: frame.npsn, role, leftOn: null }];
    const second =
      role === 'teacher' && random.chance(SHARE_MULTI_LEVEL_TEACHERS)
        ? partnerSchool(plan, level, index)
        : null;
    if (second) {
      memberships.push({ personId: id, npsn: second.npsn, role: 'teacher', leftOn: null });
    }
    const accounts: AccountRow[] = [];
    const hasAccount = !random.chance(SHARE_WITHOUT_ACCOUNT);
    if (!hasAccount && kind === 'pd') withRegistryGap(draft.row, memberships, (waiting += 1));
    if (hasAccount) {
      accounts.push({
        email: accountEmail(plan, draft, ''),
        kind,
        personId: id,
        schoolLevel: kind === 'ptk' ? level.level : null,
        officeId: null,
      });
      if (second) {
        accounts.push({
          email: accountEmail(plan, draft, `.${second.level.toLowerCase()}`),
          kind,
          personId: id,
          schoolLevel: second.level,
          officeId: null,
        });
      }
    }
    yield { person: draft.row, memberships, officeStaff: null, accounts };
  }
}

/**
 * Some students waiting for an account have a gap in their record that keeps a school admin
 * from requesting one: no NISN, no birth date yet, or left the school. The second, third and
 * fourth of every ten in a school (by their place, not the random stream, so drawing them leaves
 * everyone else's data unchanged).
 */
function withRegistryGap(person: PersonRow, memberships: MembershipRow[], place: number) {
  const gap = place % 10;
  if (gap === 2) person.nisn = null;
  if (gap === 3) person.birthDate = null;
  if (gap === 4 && memberships[0]) memberships[0].leftOn = '2025-06-30';
}

/**
 * Every registry person in id order: office staff first, then school by school. Memory stays
 * constant whatever the size: each school is derived from its index alone.
 */
export function* registryPeople(plan: RegistryPlan): Generator<GeneratedPerson> {
  yield* dinasPeople(plan);
  for (const level of plan.levels) {
    for (let i = 0; i < level.schools; i++) yield* schoolPeople(plan, level, i);
  }
}

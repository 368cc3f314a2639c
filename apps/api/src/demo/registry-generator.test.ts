import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registryCsv } from './registry-loader';
import { loadRegionData, PROVINCE_POPULATION_THOUSANDS, type RegionData } from './regions';
import {
  createRegistryPlan,
  officeRows,
  regionRows,
  registryPeople,
  schoolRows,
  type GeneratedPerson,
  type SchoolRow,
} from './registry-generator';

let regions: RegionData;
beforeAll(async () => {
  regions = await loadRegionData();
});

const options = (people: number, seed = 'test') => ({ people, seed, productName: 'belajar' });

function digest(people: number, seed: string): string {
  const hash = createHash('sha256');
  for (const { table, line } of registryCsv(regions, options(people, seed))) {
    hash.update(table);
    hash.update(line);
  }
  return hash.digest('hex');
}

describe('regions', () => {
  it('are the official provinces and regencies/cities from idn-area-data, with codes', () => {
    const plan = createRegistryPlan(regions, options(1000));
    const rows = regionRows(plan);
    const provinces = rows.filter((r) => r.level === 'province');
    const regencies = rows.filter((r) => r.level === 'regency');
    expect(provinces).toHaveLength(38);
    expect(regencies.length).toBeGreaterThan(500);
    expect(provinces.find((p) => p.code === '32')?.name).toBe('Jawa Barat');
    expect(regencies.find((r) => r.code === '32.73')).toMatchObject({
      parentCode: '32',
      name: 'Kota Bandung',
    });
    for (const r of regencies) expect(r.code).toMatch(new RegExp(`^${r.parentCode}\\.\\d{2}$`));
    for (const p of provinces) expect(PROVINCE_POPULATION_THOUSANDS[p.code]).toBeGreaterThan(0);
  });

  it('have one provincial office per province and one per regency/city', () => {
    const plan = createRegistryPlan(regions, options(1000));
    const offices = officeRows(plan);
    expect(offices.filter((o) => o.type === 'provinsi')).toHaveLength(38);
    expect(offices.filter((o) => o.type === 'kota_kabupaten')).toHaveLength(
      regions.regencies.length,
    );
    expect(new Set(offices.map((o) => o.id)).size).toBe(offices.length);
  });
});

describe('determinism', () => {
  it('gives byte-identical data for the same seed and size', () => {
    expect(digest(3000, 'alpha')).toBe(digest(3000, 'alpha'));
  });

  it('gives other data for another seed or size', () => {
    expect(digest(3000, 'alpha')).not.toBe(digest(3000, 'beta'));
    expect(digest(3000, 'alpha')).not.toBe(digest(3001, 'alpha'));
  });

  it('generates exactly the number of people asked for, ids 1..N', () => {
    for (const n of [100, 777, 5000]) {
      const plan = createRegistryPlan(regions, options(n));
      let expected = 1;
      for (const p of registryPeople(plan)) expect(p.person.id).toBe(expected++);
      expect(expected - 1).toBe(n);
    }
  });

  it('refuses sizes below the minimum', () => {
    expect(() => createRegistryPlan(regions, options(10))).toThrow(RangeError);
  });
});

describe('a generated registry of 60,000 people', () => {
  const people: GeneratedPerson[] = [];
  const schools: SchoolRow[] = [];
  beforeAll(() => {
    const plan = createRegistryPlan(regions, options(60_000, 'shares'));
    schools.push(...schoolRows(plan));
    people.push(...registryPeople(plan));
  });
  const regencyCodes = () => new Set(regions.regencies.map((r) => r.code.replace('.', '')));
  const schoolByNpsn = () => new Map(schools.map((s) => [s.npsn, s]));

  it('has valid, unique NPSN and Indonesian school names with normalised keys', () => {
    expect(new Set(schools.map((s) => s.npsn)).size).toBe(schools.length);
    for (const s of schools) {
      expect(s.npsn).toMatch(/^(\d{8}|[PK]\d{7})$/);
      expect(s.nameKey).toMatch(/^[A-Z0-9]+( [A-Z0-9]+)*$/);
      expect(
        s.name.startsWith(s.level === 'PAUD' ? '' : s.level === 'PKBM' ? 'PKBM' : s.level),
      ).toBe(true);
    }
    const digitsOnly = schools.filter((s) => /^\d{8}$/.test(s.npsn)).length;
    expect(digitsOnly / schools.length).toBeGreaterThan(0.9);
    expect(schools.some((s) => /^SD Negeri \d+ Kota /.test(s.name))).toBe(true);
    expect(schools.some((s) => /^SMP Swasta /.test(s.name))).toBe(true);
  });

  it('spreads schools over levels and regions roughly as Indonesia does', () => {
    const share = (predicate: (s: SchoolRow) => boolean) =>
      schools.filter(predicate).length / schools.length;
    expect(share((s) => s.level === 'PAUD')).toBeCloseTo(0.46, 1);
    expect(share((s) => s.level === 'SD')).toBeCloseTo(0.34, 1);
    expect(share((s) => s.level === 'SMP')).toBeCloseTo(0.095, 1);
    // Java (31-36) holds over half of Indonesia's people.
    const java = share((s) =>
      ['31', '32', '33', '34', '35', '36'].includes(s.regencyCode.slice(0, 2)),
    );
    expect(java).toBeGreaterThan(0.5);
    expect(java).toBeLessThan(0.65);
  });

  it('has valid NIK encoding region, birth date and women (+40), all unique', () => {
    const codes = regencyCodes();
    const niks = new Set<string>();
    for (const { person } of people) {
      expect(person.nik).toMatch(/^\d{16}$/);
      expect(codes.has(person.nik.slice(0, 4))).toBe(true);
      niks.add(person.nik);
      if (person.birthDate === null) continue;
      const [year, month, day] = person.birthDate.split('-').map(Number) as [
        number,
        number,
        number,
      ];
      const nikDay = Number(person.nik.slice(6, 8));
      expect(nikDay).toBe(person.gender === 'P' ? day + 40 : day);
      expect(Number(person.nik.slice(8, 10))).toBe(month);
      expect(Number(person.nik.slice(10, 12))).toBe(year % 100);
      expect(Number(person.nik.slice(12))).toBeGreaterThan(0);
    }
    expect(niks.size).toBe(people.length);
  });

  it('gives students a unique NISN and educators mostly a unique NUPTK', () => {
    const students = people.filter((p) => p.person.kind === 'pd' && p.person.nisn !== null);
    const staff = people.filter((p) => p.person.kind === 'ptk');
    for (const p of students) expect(p.person.nisn).toMatch(/^\d{10}$/);
    for (const p of [...staff, ...people.filter((x) => x.person.kind === 'dinas')]) {
      expect(p.person.nisn).toBeNull();
    }
    expect(new Set(students.map((p) => p.person.nisn)).size).toBe(students.length);
    const nuptk = staff.map((p) => p.person.nuptk).filter((n): n is string => n !== null);
    for (const n of nuptk) expect(n).toMatch(/^\d{16}$/);
    expect(new Set(nuptk).size).toBe(nuptk.length);
    expect(nuptk.length / staff.length).toBeGreaterThan(0.55);
    expect(nuptk.length / staff.length).toBeLessThan(0.8);
  });

  it('leaves some students waiting for an account with a gap that blocks a request', () => {
    const waiting = people.filter((p) => p.person.kind === 'pd' && p.accounts.length === 0);
    const withAccount = people.filter((p) => p.accounts.length > 0);
    const share = (test: (p: (typeof people)[number]) => boolean) =>
      waiting.filter(test).length / waiting.length;
    expect(share((p) => p.person.nisn === null)).toBeGreaterThan(0.05);
    expect(share((p) => p.person.birthDate === null)).toBeGreaterThan(0.05);
    expect(share((p) => p.memberships[0]?.leftOn !== null)).toBeGreaterThan(0.05);
    expect(share((p) => p.person.nisn !== null && p.person.birthDate !== null)).toBeGreaterThan(
      0.6,
    );
    for (const p of withAccount) {
      expect(p.person.birthDate).not.toBeNull();
      expect(p.memberships.every((m) => m.leftOn === null)).toBe(true);
    }
  });

  it('keeps ages in line with role and level', () => {
    const byNpsn = schoolByNpsn();
    const age = (birthDate: string) =>
      (Date.UTC(2025, 6, 14) - Date.parse(birthDate)) / (365.25 * 86_400_000);
    for (const p of people) {
      if (p.person.birthDate === null) continue;
      const a = age(p.person.birthDate);
      const membership = p.memberships[0];
      if (p.person.kind === 'pd') {
        expect(a).toBeGreaterThan(3.9);
        expect(a).toBeLessThan(20.1);
        if (byNpsn.get(membership?.npsn ?? '')?.level === 'SD') {
          expect(a).toBeGreaterThan(5.9);
          expect(a).toBeLessThan(13.1);
        }
      } else {
        expect(a).toBeGreaterThan(21.9);
        expect(a).toBeLessThan(60.1);
      }
    }
  });

  it('has one principal and one operator per school, about 17 students per teacher, mostly at SD', () => {
    const byNpsn = schoolByNpsn();
    const roles = (role: string) =>
      people.flatMap((p) => p.memberships).filter((m) => m.role === role);
    expect(new Set(roles('principal').map((m) => m.npsn)).size).toBe(schools.length);
    expect(roles('principal')).toHaveLength(schools.length);
    expect(roles('operator')).toHaveLength(schools.length);
    const students = roles('student');
    const teachers = people.filter((p) => p.memberships[0]?.role === 'teacher');
    expect(students.length / teachers.length).toBeGreaterThan(14);
    expect(students.length / teachers.length).toBeLessThan(20);
    const sd = students.filter((m) => byNpsn.get(m.npsn)?.level === 'SD').length;
    expect(sd / students.length).toBeGreaterThan(0.35);
    const levels = new Map<string, number>();
    for (const m of students) {
      const level = byNpsn.get(m.npsn)?.level ?? '?';
      levels.set(level, (levels.get(level) ?? 0) + 1);
    }
    expect(Math.max(...levels.values())).toBe(sd);
  });

  it('lets about one teacher in ten teach at a school of another level, with an account per level', () => {
    const byNpsn = schoolByNpsn();
    const teachers = people.filter((p) => p.memberships[0]?.role === 'teacher');
    const multi = teachers.filter((p) => p.memberships.length === 2);
    expect(multi.length / teachers.length).toBeGreaterThan(0.07);
    expect(multi.length / teachers.length).toBeLessThan(0.13);
    for (const p of multi) {
      const [a, b] = p.memberships.map((m) => byNpsn.get(m.npsn)?.level);
      expect(a).toBeDefined();
      expect(b).toBeDefined();
      expect(a).not.toBe(b);
      if (p.accounts.length) {
        expect(p.accounts.map((x) => x.schoolLevel).sort()).toEqual([a, b].sort());
      }
    }
  });

  it('gives accounts to most people, unique lower-case addresses in the product domain', () => {
    const accounts = people.flatMap((p) => p.accounts);
    for (const a of accounts)
      expect(a.email).toMatch(/^[a-z]+(\.[a-z]+)?\d+(\.[a-z]+)?@belajar\.id$/);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(accounts.length);
    const without = people.filter((p) => p.accounts.length === 0).length / people.length;
    expect(without).toBeGreaterThan(0.05);
    expect(without).toBeLessThan(0.1);
    for (const p of people) {
      for (const a of p.accounts) {
        expect(a.kind).toBe(p.person.kind);
        expect(a.schoolLevel === null).toBe(a.kind !== 'ptk');
        expect(a.officeId === null).toBe(a.kind !== 'dinas');
      }
    }
  });

  it('leaves some people without personal e-mail or phone, and normalises names with the shared function', () => {
    const share = (predicate: (p: GeneratedPerson) => boolean) =>
      people.filter(predicate).length / people.length;
    expect(share((p) => p.person.personalEmail === null)).toBeGreaterThan(0.15);
    expect(share((p) => p.person.personalEmail === null)).toBeLessThan(0.25);
    expect(share((p) => p.person.phone === null)).toBeGreaterThan(0.1);
    expect(share((p) => p.person.phone === null)).toBeLessThan(0.25);
    for (const { person } of people.slice(0, 2000)) {
      expect(person.nameKey).toMatch(/^[A-Z]+$/);
      expect(person.motherNameKey).toMatch(/^[A-Z]+$/);
      if (person.phone) expect(person.phone).toMatch(/^08\d{9,10}$/);
    }
    expect(people.some((p) => p.person.fullName.includes("'"))).toBe(true);
  });
});

describe('a registry larger than the NIK tails of one segment', () => {
  it('still gives every person a distinct NIK', () => {
    const plan = createRegistryPlan(regions, options(1_050_000, 'segments'));
    const seen = new Set<string>();
    let count = 0;
    for (const { person } of registryPeople(plan)) {
      seen.add(person.nik);
      count++;
    }
    expect(seen.size).toBe(count);
  }, 120_000);
});

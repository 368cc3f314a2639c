import { getDistricts, getProvinces, getRegencies } from 'idn-area-data';

export type Province = { code: string; name: string };
export type Regency = {
  /** `11.01` */
  code: string;
  provinceCode: string;
  /** `Kabupaten Aceh Selatan`, `Kota Bandung` */
  name: string;
  /** District (kecamatan) names, for school addresses. */
  districts: readonly string[];
};
export type RegionData = { provinces: readonly Province[]; regencies: readonly Regency[] };

/**
 * Population by province in thousands, rounded from BPS projections around 2024. Only the
 * shares matter: they spread schools and people as Indonesia's population is spread (Java
 * heavy), so a missing or new province code falls back to the smallest weight.
 */
export const PROVINCE_POPULATION_THOUSANDS: Readonly<Record<string, number>> = {
  '11': 5_555,
  '12': 15_588,
  '13': 5_837,
  '14': 6_729,
  '15': 3_724,
  '16': 8_837,
  '17': 2_112,
  '18': 9_419,
  '19': 1_531,
  '21': 2_183,
  '31': 10_684,
  '32': 50_346,
  '33': 37_892,
  '34': 3_759,
  '35': 41_645,
  '36': 12_431,
  '51': 4_434,
  '52': 5_646,
  '53': 5_656,
  '61': 5_696,
  '62': 2_810,
  '63': 4_215,
  '64': 3_910,
  '65': 730,
  '71': 2_680,
  '72': 3_121,
  '73': 9_463,
  '74': 2_793,
  '75': 1_211,
  '76': 1_487,
  '81': 1_909,
  '82': 1_356,
  '91': 1_061,
  '92': 569,
  '93': 530,
  '94': 1_475,
  '95': 1_452,
  '96': 627,
};

const byCode = <T extends { code: string }>(a: T, b: T): number =>
  a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

let cached: Promise<RegionData> | undefined;

/** The official provinces and regencies/cities with their codes, from idn-area-data. */
export function loadRegionData(): Promise<RegionData> {
  cached ??= readRegionData();
  return cached;
}

async function readRegionData(): Promise<RegionData> {
  const [provinces, regencies, districts] = await Promise.all([
    getProvinces(),
    getRegencies(),
    getDistricts(),
  ]);
  const districtsByRegency = new Map<string, string[]>();
  for (const district of districts) {
    const list = districtsByRegency.get(district.regency_code) ?? [];
    list.push(district.name);
    districtsByRegency.set(district.regency_code, list);
  }
  return {
    provinces: provinces.map((p) => ({ code: p.code, name: p.name })).sort(byCode),
    regencies: regencies
      .map((r) => ({
        code: r.code,
        provinceCode: r.province_code,
        name: r.name,
        districts: districtsByRegency.get(r.code) ?? [],
      }))
      .sort(byCode),
  };
}

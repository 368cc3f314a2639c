import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FEATURE_OVERRIDES_STORAGE_KEY,
  getToggleState,
  isLocalFeatureOn,
  isRemoteToggleOn,
  parseFeatureList,
  parseRemoteConfig,
  readSessionOverrides,
  startFeatureToggles,
} from '~/toggles/feature-toggles';

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('feature toggles', () => {
  it('keeps only known names from the query parameter', () => {
    expect(parseFeatureList('LOOKUP_DINAS, accountLookup,unknown,')).toEqual([
      'LOOKUP_DINAS',
      'accountLookup',
    ]);
  });

  it('keeps overrides for the session on visits without the parameter; an empty one resets them', () => {
    const overrides = readSessionOverrides('?features=accountCreation', window.sessionStorage);
    expect([...overrides]).toEqual(['accountCreation']);
    expect(window.sessionStorage.getItem(FEATURE_OVERRIDES_STORAGE_KEY)).toBe('accountCreation');
    expect([...readSessionOverrides('', window.sessionStorage)]).toEqual(['accountCreation']);
    expect([...readSessionOverrides('?other=1', window.sessionStorage)]).toEqual([
      'accountCreation',
    ]);
    expect(readSessionOverrides('?features=', window.sessionStorage).size).toBe(0);
    expect(window.sessionStorage.getItem(FEATURE_OVERRIDES_STORAGE_KEY)).toBeNull();
    expect(readSessionOverrides('', window.sessionStorage).size).toBe(0);
  });

  it('lets the local names of server toggles switch them on too', () => {
    const base = { remote: { ACCOUNT_CREATION: false, REQUEST_PASSWORD_BY_PHONE: false } };
    const state = { ...base, settings: {}, overrides: new Set(['accountCreation']) };
    expect(isRemoteToggleOn(state, 'ACCOUNT_CREATION')).toBe(true);
    expect(isRemoteToggleOn(state, 'REQUEST_PASSWORD_BY_PHONE')).toBe(false);
    const phone = { ...state, overrides: new Set(['requestPasswordByPhone']) };
    expect(isRemoteToggleOn(phone, 'REQUEST_PASSWORD_BY_PHONE')).toBe(true);
  });

  it('applies local defaults, then remote values, then overrides', () => {
    const base = { remote: null, settings: {}, overrides: new Set<string>() };
    expect(isLocalFeatureOn(base, 'accountCreation')).toBe(false);
    expect(isLocalFeatureOn(base, 'webinars')).toBe(true);
    const remote = { ...base, remote: { ACCOUNT_CREATION: true } };
    expect(isLocalFeatureOn(remote, 'accountCreation')).toBe(true);
    expect(isRemoteToggleOn({ ...base, overrides: new Set(['LOGIN']) }, 'LOGIN')).toBe(true);
  });

  it('reads the known keys of a remote configuration and rejects other shapes', () => {
    expect(parseRemoteConfig({ toggles: { LOGIN: false, X: true }, settings: {} })).toEqual({
      remote: { LOGIN: false },
      settings: {},
    });
    expect(parseRemoteConfig({ toggles: [] })).toBeNull();
  });

  it('only logs a failed fetch, without personal data, and keeps the defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?features=testAnnouncementBar');
    await startFeatureToggles(() => Promise.reject(new Error('offline')));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toBe('offline');
    expect(getToggleState().remote).toBeNull();
    expect(isLocalFeatureOn(getToggleState(), 'testAnnouncementBar')).toBe(true);
  });

  it('uses the remote configuration when it arrives', async () => {
    const body = { toggles: { REQUEST_PASSWORD_BY_PHONE: false }, settings: {}, fetchedAt: '' };
    await startFeatureToggles(() => Promise.resolve(new Response(JSON.stringify(body))));
    expect(isLocalFeatureOn(getToggleState(), 'requestPasswordByPhone')).toBe(false);
  });
});

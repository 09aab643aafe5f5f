/** The release settings a card needs, and the warning `export` and "Check release" give for each one left empty. */
import type { ReleaseSettings } from '../schemas/releaseSettings';

/** A text setting the card cannot compute, and what the card says without it. */
const NEEDED: { setting: keyof ReleaseSettings; without: string }[] = [
  { setting: 'curators', without: 'its "Curated by" line says the curators are not stated' },
  { setting: 'licenseStatement', without: 'its license line has no statement of terms' },
  { setting: 'directUse', without: 'its Direct Use says none was stated' },
  { setting: 'outOfScopeUse', without: 'its Out-of-Scope Use says none was stated' },
  { setting: 'curationRationale', without: 'its Curation Rationale says none was stated' },
  { setting: 'risks', without: 'its Risks says none were recorded' },
  { setting: 'personalInfo', without: 'its Personal and Sensitive Information says no review is recorded' },
  { setting: 'authors', without: 'it has no Dataset Card Authors section' },
  { setting: 'contact', without: 'its Dataset Card Contact says none was stated' },
];

export interface CardSettingWarning {
  setting: keyof ReleaseSettings;
  message: string;
}

/** One warning per needed setting that is empty, naming it; none blocks a release. */
export function missingCardSettings(s: ReleaseSettings): CardSettingWarning[] {
  return NEEDED.filter(({ setting }) => String(s[setting]).trim() === '').map(({ setting, without }) => ({
    setting,
    message: `release setting ${setting} is empty: ${without}`,
  }));
}

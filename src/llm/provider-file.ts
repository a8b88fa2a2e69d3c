/**
 * Settings → Providers' Export and Import: the lazy boundary provider-service.ts loads when
 * one is used, so the first load does without them (issue 21).
 */
export { exportProviders, exportProvidersWithKeys, openProviderExport } from './provider-transfer';
export { importProviders } from './provider-import';

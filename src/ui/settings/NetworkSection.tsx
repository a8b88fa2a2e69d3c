import { For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSectionsUi } from '../../app/messages/en-settings-sections-ui';
import { useI18n } from '../common/i18n';

addEnglishArea('sections', enSectionsUi);

/**
 * Settings → Network: the hosts Cove's pages may reach (src/app/network-gate-service.ts),
 * and whether this tab enforces the list.
 */
export function NetworkSection(props: { services: AppServices }) {
  const network = props.services.network;
  const { t } = useI18n();
  return (
    <section aria-labelledby="settings-network">
      <h3 id="settings-network">{t('sections.network.heading')}</h3>
      <p>{t('sections.network.intro')}</p>
      <p role="status">
        {network.enforced() ? t('sections.network.enforced') : t('sections.network.notEnforced')}
      </p>
      <Show when={network.hosts().length} fallback={<p>{t('sections.network.none')}</p>}>
        <ul class="network-hosts" aria-label={t('sections.network.hosts')}>
          <For each={network.hosts()}>
            {(host) => (
              <li>
                <code>{host.origin}</code> <span class="muted">{host.reason}</span>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

import { Show } from 'solid-js';
import type { ContextMeterView } from '../../app/context-meter';
import { useI18n } from '../common/i18n';
import { formatUsd } from '../common/usd';
import './compaction.css';

const short = (n: number) =>
  n >= 1_000_000
    ? `${(n / 1_000_000).toFixed(1)}M`
    : n >= 10_000
      ? `${Math.round(n / 1000)}k`
      : n >= 1000
        ? `${(n / 1000).toFixed(1)}k`
        : String(n);

/**
 * The context the next request would use against the model's window, near the composer:
 * a meter (its value the tokens), the figures, and the cost where the model has prices.
 * Past the compaction limit it says compaction comes next.
 */
export function TokenMeter(props: { meter: ContextMeterView | undefined; compacting?: boolean }) {
  const { t, formats } = useI18n();
  return (
    <Show when={props.meter}>
      {(meter) => {
        const percent = () => Math.min(100, Math.round((meter().used / meter().window) * 100));
        const level = () =>
          meter().used > meter().limit ? 'over' : meter().used > meter().limit * 0.8 ? 'near' : '';
        const description = () =>
          t(
            meter().anchored ? 'tokenMeter.describe' : 'tokenMeter.describeEstimated',
            formats().number(meter().used),
            formats().number(meter().window),
            formats().number(meter().limit),
          );
        return (
          <div class={`token-meter ${level()}`} title={description()}>
            <div
              role="meter"
              aria-label={t('tokenMeter.label')}
              aria-valuemin={0}
              aria-valuemax={meter().window}
              aria-valuenow={Math.min(meter().used, meter().window)}
              aria-valuetext={description()}
              class="token-meter-bar"
            >
              <div class="token-meter-fill" style={{ width: `${percent()}%` }} />
              <div
                class="token-meter-limit"
                style={{ left: `${Math.round((meter().limit / meter().window) * 100)}%` }}
              />
            </div>
            <span class="token-meter-text">
              {meter().anchored ? '' : '~'}
              {short(meter().used)} / {short(meter().window)} ({percent()}%)
              <Show when={meter().cost !== undefined}>
                {' · '}
                <span aria-label={t('tokenMeter.cost')}>
                  {formatUsd(formats().locale, meter().cost!, meter().cost! < 1 ? 4 : 2)}
                </span>
              </Show>
            </span>
            <Show when={props.compacting}>
              <span class="token-meter-status" role="status">
                {t('tokenMeter.compacting')}
              </span>
            </Show>
          </div>
        );
      }}
    </Show>
  );
}

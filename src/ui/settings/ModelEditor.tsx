import { createSignal, createUniqueId } from 'solid-js';
import type { ProviderService } from '../../app/provider-service';
import {
  DEFAULT_CAPABILITIES,
  getPreset,
  resolveCapabilities,
  type ModelCapabilities,
  type ModelConfig,
  type ProviderConfig,
  type ToolCallingMode,
} from '../../llm';
import { settingsError, type ModelFieldErrorCode } from '../../llm/settings-errors';
import { createFieldErrors } from '../common/field-errors';
import { FieldError, FormDialog } from './FormDialog';
import { useI18n } from '../common/i18n';

type Field = 'id' | 'context' | 'maxOutput' | 'toolCalling' | 'price' | 'form';

const FIELD_OF_CODE = {
  'model-id': 'id',
  'model-context-window': 'context',
  'model-max-output': 'maxOutput',
  'model-tool-calling': 'toolCalling',
  'model-price': 'price',
} as const satisfies Record<ModelFieldErrorCode, Field>;

/**
 * Edits one model's configuration, or adds a model by hand when `model` is absent (for
 * servers without GET /models, or models the listing leaves out). A value the person leaves
 * as it was shown stays unset, so the server's listing or Cove's default keeps deciding it;
 * only what they change becomes their setting.
 */
export function ModelEditor(props: {
  providers: ProviderService;
  provider: ProviderConfig;
  model?: ModelConfig;
  onClose: () => void;
  onSaved: (modelId: string) => void;
}) {
  const { t } = useI18n();
  const original: Partial<ModelCapabilities> = props.model?.capabilities ?? {};
  const shown = resolveCapabilities(original);
  const preset = getPreset(props.provider.presetId);
  const ids = {
    id: createUniqueId(),
    label: createUniqueId(),
    context: createUniqueId(),
    maxOutput: createUniqueId(),
    toolCalling: createUniqueId(),
    sendBack: createUniqueId(),
    priceIn: createUniqueId(),
    priceOut: createUniqueId(),
    error: createUniqueId(),
  };
  const [modelId, setModelId] = createSignal(props.model?.id ?? '');
  const [label, setLabel] = createSignal(props.model?.label ?? '');
  const [context, setContext] = createSignal(original.contextWindow?.toString() ?? '');
  const [maxOutput, setMaxOutput] = createSignal(original.maxOutputTokens?.toString() ?? '');
  const [vision, setVision] = createSignal(shown.vision);
  const [reasoning, setReasoning] = createSignal(shown.reasoning);
  const [toolCalling, setToolCalling] = createSignal<ToolCallingMode>(shown.toolCalling);
  const [sendBack, setSendBack] = createSignal(
    props.model?.sendReasoningBack === undefined
      ? 'default'
      : props.model.sendReasoningBack
        ? 'yes'
        : 'no',
  );
  const [priceIn, setPriceIn] = createSignal(original.price?.inputPerMillion.toString() ?? '');
  const [priceOut, setPriceOut] = createSignal(original.price?.outputPerMillion.toString() ?? '');
  const errors = createFieldErrors<Field>({
    fieldOfCode: FIELD_OF_CODE,
    formField: 'form',
    messageId: ids.error,
  });
  const [busy, setBusy] = createSignal(false);
  const { errorFor, invalid, describedBy, show } = errors;
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      errors.clear();
    };

  const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

  const build = (): ModelConfig => {
    const caps: Partial<ModelCapabilities> = {};
    const contextWindow = number(context());
    if (contextWindow !== undefined) caps.contextWindow = contextWindow;
    const maxOutputTokens = number(maxOutput());
    if (maxOutputTokens !== undefined) caps.maxOutputTokens = maxOutputTokens;
    // A choice left as shown keeps whatever decided it before (listing or default).
    const keep = <K extends 'vision' | 'reasoning' | 'toolCalling'>(
      key: K,
      value: ModelCapabilities[K],
    ) => {
      const next = value === shown[key] ? original[key] : value;
      if (next !== undefined) caps[key] = next;
    };
    keep('vision', vision());
    keep('reasoning', reasoning());
    keep('toolCalling', toolCalling());
    const input = number(priceIn());
    const output = number(priceOut());
    if (input !== undefined || output !== undefined) {
      caps.price = {
        ...original.price,
        inputPerMillion: input ?? Number.NaN,
        outputPerMillion: output ?? Number.NaN,
      };
    }
    const model: ModelConfig = { id: modelId().trim() };
    if (label().trim()) model.label = label().trim();
    if (Object.keys(caps).length) model.capabilities = caps;
    if (sendBack() !== 'default') model.sendReasoningBack = sendBack() === 'yes';
    return model;
  };

  const submit = async () => {
    if (busy()) return;
    errors.clear();
    const model = build();
    if (!props.model && props.provider.models?.some((candidate) => candidate.id === model.id)) {
      show(
        settingsError('model-id', {
          reason: 'taken',
          provider: props.provider.name,
          model: model.id,
        }),
      );
      return;
    }
    setBusy(true);
    try {
      await props.providers.saveModel(props.provider.id, model);
      props.onSaved(model.id);
    } catch (failure) {
      show(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={
        props.model
          ? t('providers.model.title', props.model.id)
          : t('providers.model.addTitle', props.provider.name)
      }
      class="model-editor"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <div class="form-row two">
        <div class="form-field">
          <label for={ids.id}>{t('providers.model.id')}</label>
          <input
            id={ids.id}
            ref={(element) => (errors.fields.id = element)}
            class="mono"
            value={modelId()}
            readOnly={Boolean(props.model)}
            autofocus={!props.model}
            placeholder={t('providers.model.idPlaceholder')}
            autocomplete="off"
            spellcheck={false}
            aria-invalid={invalid('id')}
            aria-describedby={describedBy('id')}
            onInput={(event) => edit(setModelId)(event.currentTarget.value)}
          />
        </div>
        <div class="form-field">
          <label for={ids.label}>{t('providers.model.label')}</label>
          <input
            id={ids.label}
            value={label()}
            autofocus={Boolean(props.model)}
            placeholder={t('providers.model.optional')}
            autocomplete="off"
            onInput={(event) => edit(setLabel)(event.currentTarget.value)}
          />
        </div>
      </div>
      <FieldError id={ids.error} text={errorFor('id')} />

      <div class="form-row two">
        <div class="form-field">
          <label for={ids.context}>{t('providers.model.context')}</label>
          <input
            id={ids.context}
            ref={(element) => (errors.fields.context = element)}
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            value={context()}
            placeholder={t('providers.model.assumed', String(DEFAULT_CAPABILITIES.contextWindow))}
            aria-invalid={invalid('context')}
            aria-describedby={describedBy('context')}
            onInput={(event) => edit(setContext)(event.currentTarget.value)}
          />
        </div>
        <div class="form-field">
          <label for={ids.maxOutput}>{t('providers.model.maxOutput')}</label>
          <input
            id={ids.maxOutput}
            ref={(element) => (errors.fields.maxOutput = element)}
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            value={maxOutput()}
            placeholder={t('providers.model.assumed', String(DEFAULT_CAPABILITIES.maxOutputTokens))}
            aria-invalid={invalid('maxOutput')}
            aria-describedby={describedBy('maxOutput')}
            onInput={(event) => edit(setMaxOutput)(event.currentTarget.value)}
          />
        </div>
      </div>
      <FieldError id={ids.error} text={errorFor('context') ?? errorFor('maxOutput')} />

      <div class="form-row two">
        <div class="form-field">
          <label for={ids.toolCalling}>{t('providers.model.toolCalling')}</label>
          <select
            id={ids.toolCalling}
            ref={(element) => (errors.fields.toolCalling = element)}
            aria-invalid={invalid('toolCalling')}
            aria-describedby={describedBy('toolCalling')}
            value={toolCalling()}
            onChange={(event) => edit(setToolCalling)(event.currentTarget.value as ToolCallingMode)}
          >
            <option value="native">{t('providers.model.native')}</option>
            <option value="text">{t('providers.model.text')}</option>
            <option value="none">{t('providers.model.none')}</option>
          </select>
          <FieldError id={ids.error} text={errorFor('toolCalling')} />
        </div>
        <div class="form-field">
          <label for={ids.sendBack}>{t('providers.model.sendBack')}</label>
          <select
            id={ids.sendBack}
            value={sendBack()}
            onChange={(event) => edit(setSendBack)(event.currentTarget.value)}
          >
            <option value="default">
              {preset.sendReasoningBack
                ? t('providers.model.presetYes')
                : t('providers.model.presetNo')}
            </option>
            <option value="yes">{t('providers.model.yes')}</option>
            <option value="no">{t('providers.model.no')}</option>
          </select>
        </div>
      </div>

      <div class="form-checks">
        <label class="check">
          <input
            type="checkbox"
            checked={vision()}
            onChange={(event) => edit(setVision)(event.currentTarget.checked)}
          />
          {t('providers.model.vision')}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={reasoning()}
            onChange={(event) => edit(setReasoning)(event.currentTarget.checked)}
          />
          {t('providers.model.reasoning')}
        </label>
      </div>

      <fieldset
        class="price-fields"
        ref={(element) => (errors.fields.price = element)}
        tabIndex={-1}
        aria-invalid={invalid('price')}
        aria-describedby={describedBy('price')}
      >
        <legend>{t('providers.model.price')}</legend>
        <div class="form-row two">
          <div class="form-field">
            <label for={ids.priceIn}>{t('providers.model.priceIn')}</label>
            <input
              id={ids.priceIn}
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              value={priceIn()}
              onInput={(event) => edit(setPriceIn)(event.currentTarget.value)}
            />
          </div>
          <div class="form-field">
            <label for={ids.priceOut}>{t('providers.model.priceOut')}</label>
            <input
              id={ids.priceOut}
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              value={priceOut()}
              onInput={(event) => edit(setPriceOut)(event.currentTarget.value)}
            />
          </div>
        </div>
      </fieldset>
      <FieldError id={ids.error} text={errorFor('price') ?? errorFor('form')} />

      <div class="modal-actions">
        <button type="button" class="button" onClick={props.onClose}>
          {t('providers.model.cancel')}
        </button>
        <button type="submit" class="button primary" disabled={busy()}>
          {t('providers.model.save')}
        </button>
      </div>
    </FormDialog>
  );
}

import type { Clock } from '../base/clock';
import { openLocalModelWorker } from '../runtime/local-model-worker';
import { createMemoryModelFileStore, type ModelFileStore } from '../store/model-file-store';
import { createOpfsModelFileStore } from '../store/opfs-model-file-store';
import { createLocalModelService, type LocalModelService } from './local-model-service';
import type { LocalModelPlace } from './local-model-wiring';
import type { NoticeService } from './notice-service';
import type { ProviderService } from './provider-service';

/** The local model service with the browser's storage and worker (its own chunk). */
export async function startLocalModels(deps: {
  clock: Clock;
  providers: ProviderService;
  notices: NoticeService;
  localModels?: LocalModelPlace;
}): Promise<LocalModelService> {
  const service = createLocalModelService({
    store: modelStore(deps.localModels),
    openWorker: openLocalModelWorker,
    clock: deps.clock,
    notices: deps.notices,
    publish: (found) => deps.providers.setFoundProviders(found),
    threads: () => deps.localModels?.threads ?? 1,
  });
  await service.load();
  return service;
}

function modelStore(place: LocalModelPlace | undefined): ModelFileStore {
  if (!place) return createMemoryModelFileStore();
  const { storage } = place;
  const estimate = () => storage.estimate();
  const getDirectory = storage.getDirectory?.bind(storage);
  if (!getDirectory) return createMemoryModelFileStore({ estimate });
  return createOpfsModelFileStore(
    getDirectory,
    estimate,
    place.locks ? { locks: place.locks } : {},
  );
}

import { expect, it } from 'vitest';
import {
  alwaysOnline,
  createConnectivityService,
  type ConnectivitySource,
} from '../../../src/app/connectivity-service';

it('follows the browser going offline and back online', () => {
  let listener: ((online: boolean) => void) | undefined;
  const source: ConnectivitySource = {
    isOnline: () => false,
    subscribe(next) {
      listener = next;
      return () => (listener = undefined);
    },
  };
  const service = createConnectivityService(source);
  expect(service.online()).toBe(false);
  listener!(true);
  expect(service.online()).toBe(true);
  listener!(false);
  expect(service.online()).toBe(false);
  expect(createConnectivityService(alwaysOnline).online()).toBe(true);
});

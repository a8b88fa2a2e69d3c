// Every unit test may use IndexedDB through fake-indexeddb; each test file gets its own.
import 'fake-indexeddb/auto';

// Every unit test may use IndexedDB through fake-indexeddb; each test file gets its own.
import 'fake-indexeddb/auto';

// Errors read their English from the catalog, as in the app (src/main.tsx installs it there).
import { installErrorWording } from '../../src/base/error-wording';
import { englishWording } from '../../src/app/messages/en';

installErrorWording(englishWording);

// Saved sessions too large for local storage, kept in IndexedDB (src/ui/browser/idb.rs):
// the database `bloomlab`, its one object store `sessions`, each query string under the key
// that local storage points to. Each call opens the database (creating it with its store on
// first use) and answers once its transaction has committed, or fails with the error.
const open = () => new Promise((done, fail) => {
  const request = indexedDB.open('bloomlab', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('sessions');
  request.onsuccess = () => done(request.result);
  request.onerror = () => fail(request.error);
});

const run = async (mode, act) => {
  const database = await open();
  return new Promise((done, fail) => {
    const transaction = database.transaction('sessions', mode);
    const request = act(transaction.objectStore('sessions'));
    transaction.oncomplete = () => done(request.result);
    transaction.onerror = transaction.onabort = () => fail(transaction.error);
  }).finally(() => database.close());
};

export const idbPut = (key, value) => run('readwrite', (store) => store.put(value, key));
export const idbGet = (key) => run('readonly', (store) => store.get(key));
export const idbDelete = (key) => run('readwrite', (store) => store.delete(key));

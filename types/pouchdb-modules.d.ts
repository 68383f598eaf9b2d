// PouchDB 9 ships no types; @types/pouchdb-core describes the database API they all share.
/// <reference types="pouchdb-core" />
/// <reference types="pouchdb-find" />
/// <reference types="pouchdb-replication" />
declare module 'pouchdb-node' {
  const PouchDB: PouchDB.Static;
  export default PouchDB;
}
declare module 'pouchdb-core' {
  const PouchDB: PouchDB.Static;
  export default PouchDB;
}
declare module 'pouchdb-browser' {
  const PouchDB: PouchDB.Static;
  export default PouchDB;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-adapter-indexeddb' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-adapter-http' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-mapreduce' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}
declare module 'pouchdb-find' {
  const plugin: PouchDB.Plugin;
  export default plugin;
}

export { readLocal, readLocalRaw, readLocalWithExpiry, removeLocal, writeLocal, writeLocalWithExpiry } from './local';

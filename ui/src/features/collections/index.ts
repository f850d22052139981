// What other features may use of the collections feature: the collections resource (the record
// kinds and the settings pages offer collections to choose).
export { collections } from "./api/collections";

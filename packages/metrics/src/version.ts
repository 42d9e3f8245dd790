/** Stored with every score so results can be reproduced; bump when any measure changes. */
export const ENGINE_VERSION = "0.2.1";

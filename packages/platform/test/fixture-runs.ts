// Three runs against the fixture gold (d1 Cats · d2 Birds · d3 Trees Flowers · d4 Dogs · d5 Animals),
// best to worst by any measure, and the open phase the final-run tests score them in.
export const PHASE_START = new Date("2026-11-20T00:00:00Z");
export const PHASE_END = new Date("2026-11-30T00:00:00Z");
export const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";
export const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
export const POOR = "d1\tDogs\nd2\tPlants\nd3\tAnimals\nd4\tCats\nd5\tPlants\n";
export const text = (s: string) => new TextEncoder().encode(s);

export type Lane = "unit" | "integration" | "e2e";
export declare const lanes: Lane[];
export declare const laneTestMatch: Record<Lane, string[]>;
export declare function laneOf(path: string): Lane;

export declare const SUPPORTED_NODE_LINES: ReadonlyArray<readonly [number, number]>;
export declare const SUPPORTED_NODE_RANGE: string;
export declare function unsupportedNodeMessage(version?: string): string | undefined;
export declare function exitUnlessSupportedNode(): void;

export function readNsfwModel(): Promise<{
  modelJson: string;
  weights: Buffer;
  hash: string;
  shardFile: string;
}>;

import type { CandidatePayload } from '@/features/practice/lib/peer-types';

/** Remote ICE candidates wait until their connection has a remote description. */
export class CandidateBuffer {
  #pending: CandidatePayload[] = [];

  async add(pc: RTCPeerConnection | null, candidate: CandidatePayload) {
    if (!pc || !pc.remoteDescription) {
      this.#pending.push(candidate);
      return;
    }
    await addCandidate(pc, candidate);
  }

  /** Adds the waiting candidates, in the order they came, once the description is set. */
  async flush(pc: RTCPeerConnection) {
    const queued = this.#pending;
    this.#pending = [];
    for (const candidate of queued) await addCandidate(pc, candidate);
  }

  /** Forgets candidates meant for a connection that was replaced. */
  clear() {
    this.#pending = [];
  }
}

async function addCandidate(pc: RTCPeerConnection, candidate: CandidatePayload) {
  try {
    await pc.addIceCandidate(candidate);
  } catch {
    // One bad (or stale: a replaced connection's) candidate is not a failed call.
  }
}

import { PeerChannel } from '@/features/practice/lib/peer-channel';
import { FakeDataChannel } from '@/features/practice/testing/fake-webrtc';

/**
 * Two PeerChannels wired back to back, as the two browsers of a call: what one sends the other
 * receives (synchronously). `open()` opens both ends, as the data channel does once connected.
 */
export function linkedChannels() {
  const wireA = new FakeDataChannel('chat');
  const wireB = new FakeDataChannel('chat');
  const a = new PeerChannel();
  const b = new PeerChannel();
  a.attach(wireA);
  b.attach(wireB);
  wireA.send = (data: string) => {
    wireA.sent.push(data);
    wireB.receive(data);
  };
  wireB.send = (data: string) => {
    wireB.sent.push(data);
    wireA.receive(data);
  };
  return {
    a,
    b,
    wireA,
    wireB,
    open() {
      wireA.open();
      wireB.open();
    },
  };
}

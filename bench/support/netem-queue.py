#!/usr/bin/env python3
"""
netem in user space, for kernels built without sch_netem (this project's machines): every packet
that nftables hands to NFQUEUE `--queue` is held for delay ± jitter (uniform, so packets may be
reordered, as netem's are) and then accepted, or dropped with probability `--loss`. Only the
packet id crosses to user space (NFQNL_COPY_META). Standard library only: raw nfnetlink.

Usage: netem-queue.py --queue 7 --delay-ms 150 --jitter-ms 20 --loss 0.03
Prints "ready" once bound; runs until SIGTERM/SIGINT, then prints one JSON line of counts.
"""
import argparse
import heapq
import json
import os
import random
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_VERDICT, NFQNL_MSG_CONFIG = 0, 1, 2
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN = 1, 2, 3
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_PACKET_HDR, NFQA_VERDICT_HDR = 1, 2
NF_DROP, NF_ACCEPT = 0, 1
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2


def attr(kind, payload):
    length = 4 + len(payload)
    return struct.pack('=HH', length, kind) + payload + b'\0' * ((4 - length % 4) % 4)


def message(msg_type, queue, attrs, flags=NLM_F_REQUEST, seq=0):
    body = struct.pack('=BBH', socket.AF_UNSPEC, 0, socket.htons(queue)) + b''.join(attrs)
    kind = (NFNL_SUBSYS_QUEUE << 8) | msg_type
    return struct.pack('=IHHII', 16 + len(body), kind, flags, seq, 0) + body


def configure(sock, queue):
    requests = [
        [attr(NFQA_CFG_CMD, struct.pack('!BxH', NFQNL_CFG_CMD_BIND, 0))],
        [attr(NFQA_CFG_PARAMS, struct.pack('!IB', 0, NFQNL_COPY_META))],
        [attr(NFQA_CFG_QUEUE_MAXLEN, struct.pack('!I', 65536))],
    ]
    for seq, attrs in enumerate(requests, start=1):
        sock.send(message(NFQNL_MSG_CONFIG, queue, attrs, NLM_F_REQUEST | NLM_F_ACK, seq))
        reply = sock.recv(65536)
        _, kind, _, _, _ = struct.unpack_from('=IHHII', reply)
        if kind == NLMSG_ERROR:
            (error,) = struct.unpack_from('=i', reply, 16)
            if error != 0:
                raise OSError(-error, f'nfqueue config step {seq}: {os.strerror(-error)}')


def packet_ids(data):
    """The packet ids of the NFQNL_MSG_PACKET messages in one netlink read."""
    offset = 0
    while offset + 16 <= len(data):
        length, kind, _, _, _ = struct.unpack_from('=IHHII', data, offset)
        if length < 16:
            break
        if kind == (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET:
            at = offset + 20  # nlmsghdr + nfgenmsg
            while at + 4 <= offset + length:
                alen, atype = struct.unpack_from('=HH', data, at)
                if alen < 4:
                    break
                if atype & 0x7FFF == NFQA_PACKET_HDR:
                    yield struct.unpack_from('!I', data, at + 4)[0]
                at += (alen + 3) & ~3
        offset += (length + 3) & ~3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--queue', type=int, required=True)
    parser.add_argument('--delay-ms', type=float, default=150)
    parser.add_argument('--jitter-ms', type=float, default=20)
    parser.add_argument('--loss', type=float, default=0.03)
    parser.add_argument('--seed', type=int, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
    try:
        sock.setsockopt(socket.SOL_SOCKET, 33, 8 * 1024 * 1024)  # SO_RCVBUFFORCE (root)
    except OSError:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 * 1024 * 1024)
    sock.bind((0, 0))
    configure(sock, args.queue)
    print('ready', flush=True)

    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    held = []  # (release time, packet id)
    counts = {'packets': 0, 'dropped': 0, 'overruns': 0}

    def verdict(packet_id, accept):
        hdr = struct.pack('!II', NF_ACCEPT if accept else NF_DROP, packet_id)
        sock.send(message(NFQNL_MSG_VERDICT, args.queue, [attr(NFQA_VERDICT_HDR, hdr)]))

    while not stop:
        now = time.monotonic()
        while held and held[0][0] <= now:
            verdict(heapq.heappop(held)[1], True)
        timeout = max(0.0, held[0][0] - now) if held else 0.5
        try:
            ready, _, _ = select.select([sock], [], [], timeout)
        except InterruptedError:
            continue
        if not ready:
            continue
        try:
            data = sock.recv(1 << 20)
        except OSError:  # ENOBUFS: the kernel dropped messages; the packets are lost too
            counts['overruns'] += 1
            continue
        now = time.monotonic()
        for packet_id in packet_ids(data):
            counts['packets'] += 1
            if rng.random() < args.loss:
                counts['dropped'] += 1
                verdict(packet_id, False)
                continue
            delay = args.delay_ms + rng.uniform(-args.jitter_ms, args.jitter_ms)
            heapq.heappush(held, (now + max(0.0, delay) / 1000, packet_id))
    for _, packet_id in held:
        verdict(packet_id, True)
    print(json.dumps(counts), flush=True)


if __name__ == '__main__':
    sys.exit(main())

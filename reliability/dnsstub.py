"""A DNS server for the attacks, on a loopback UDP port: it answers A and TXT questions from a
table the attack sets (`records[(name, "A" | "TXT")] = [values]`), so a server started with
`DNS_SERVER=127.0.0.1:{port}` sees the DNS the attack describes. Only what a resolver asks for
one name is implemented: one question, A (1) and TXT (16) answers, NXDOMAIN for unknown names."""

from __future__ import annotations

import socket
import struct
import threading

TYPES = {1: "A", 16: "TXT"}


def _name(packet: bytes, at: int) -> tuple[str, int]:
    labels = []
    while packet[at]:
        length = packet[at]
        labels.append(packet[at + 1:at + 1 + length].decode("ascii", "replace"))
        at += 1 + length
    return ".".join(labels).lower(), at + 1


def _rdata(kind: str, value: str) -> bytes:
    if kind == "A":
        return socket.inet_aton(value)
    text = value.encode()
    return b"".join(bytes([len(text[i:i + 255])]) + text[i:i + 255] for i in range(0, max(len(text), 1), 255))


class DnsStub:
    """Answers from `records` until `stop()`."""

    def __init__(self) -> None:
        self.records: dict[tuple[str, str], list[str]] = {}
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.queries: list[tuple[str, str]] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _serve(self) -> None:
        while True:
            try:
                packet, peer = self.sock.recvfrom(512)
            except OSError:
                return
            try:
                self.sock.sendto(self._answer(packet), peer)
            except (OSError, IndexError, struct.error):
                continue

    def _answer(self, packet: bytes) -> bytes:
        (ident, flags) = struct.unpack("!HH", packet[:4])
        name, at = _name(packet, 12)
        qtype, _qclass = struct.unpack("!HH", packet[at:at + 4])
        question = packet[12:at + 4]
        kind = TYPES.get(qtype, "")
        self.queries.append((name, kind or str(qtype)))
        values = self.records.get((name, kind), [])
        known = any(n == name for n, _ in self.records)
        rcode = 0 if known or values else 3
        header = struct.pack("!HHHHHH", ident, 0x8180 | (flags & 0x0100) | rcode, 1, len(values), 0, 0)
        answers = b""
        for value in values:
            data = _rdata(kind, value)
            answers += struct.pack("!HHHIH", 0xC00C, qtype, 1, 5, len(data)) + data
        return header + question + answers

    def stop(self) -> None:
        self.sock.close()

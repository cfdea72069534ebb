"""A shared table's bell (saves/table_bell.py): a change rings every terminal at the table at
once, a bell is its owner's only, a bell left by a terminal that stopped is taken away, and a
folder too deep for a socket's path still gets one."""

from __future__ import annotations

import os
import socket
import stat

from saves.table_bell import MAX_SOCKET_PATH, TableBell, bell_name, ring


def test_a_ring_reaches_every_bell_at_the_table_and_no_other(tmp_path):
    ann, ben = TableBell(tmp_path, "KXPT", "aaaa"), TableBell(tmp_path, "KXPT", "bbbb")
    other = TableBell(tmp_path, "MNQR", "cccc")
    for bell in (ann, ben, other):
        assert bell.open() is None
    assert not ann.answer()
    ring(tmp_path, "KXPT")
    assert ann.answer() and ben.answer() and not other.answer()
    assert not ann.answer()  # each ring is answered once
    assert stat.S_IMODE((tmp_path / bell_name("KXPT", "aaaa")).stat().st_mode) == 0o600
    for bell in (ann, ben, other):
        bell.close()
    assert list(tmp_path.iterdir()) == []


def test_a_bell_nobody_listens_to_is_taken_away_and_its_owner_hangs_it_again(tmp_path):
    left = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    left.bind(str(tmp_path / bell_name("KXPT", "dead")))
    left.close()  # a terminal that stopped without closing its bell: the file stays
    mine = TableBell(tmp_path, "KXPT", "mine")
    assert mine.open() is None
    ring(tmp_path, "KXPT")
    assert not (tmp_path / bell_name("KXPT", "dead")).exists()
    assert mine.answer() and mine.still_hung()
    os.unlink(mine.path)  # taken away by someone: the owner can tell, and hang it again
    assert not mine.still_hung()
    assert mine.open() is None and mine.still_hung()
    ring(tmp_path, "KXPT")
    assert mine.answer()
    mine.close()


def test_a_folder_too_deep_for_a_socket_path_still_has_bells(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    bell = TableBell(deep, "KXPT", "aaaa")
    assert len(os.fsencode(bell.path)) > MAX_SOCKET_PATH
    assert bell.open() is None
    assert bell.path.exists() and stat.S_IMODE(bell.path.stat().st_mode) == 0o600
    ring(deep, "KXPT")
    assert bell.answer()
    bell.close()
    assert not bell.path.exists()

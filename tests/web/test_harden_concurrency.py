"""Concurrency: many phones holding the same edit link move at the same instant, from
threads of one worker and from several worker processes on one database. In every round exactly
one move is accepted; every other phone is told that another phone moved first; nothing is
stored twice and nothing is lost. Each test runs on SQLite and on PostgreSQL (``database``): on
PostgreSQL the worker processes are app nodes sharing one server."""

from __future__ import annotations

import multiprocessing
import threading

from referee import create_app
from referee.web import get_db, store
from webhelpers import form_data, new_match

SECRET = "concurrency-test"
ANOTHER = ("Another phone changed this match first", "С другого телефона успели")


def started(database):
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": SECRET})
    client = app.test_client()
    edit = new_match(client)
    assert client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]')
                       ).status_code == 302
    return app, client, edit


def contested(client, edit):
    """What every phone sends in this round: with an odd count of events 6:6 is laid (each
    phone taps it), with an even count it is undone (each phone taps undo)."""
    page = client.get(edit)
    form = form_data(page, "form.picker-form")
    if int(form["n"]) % 2:
        return "/move", {**form, "leader": "Анфиса", "tile": "6:6", "mode": "lay"}
    return "/undo", form_data(page, "form.undo-form")


def log_of(app, edit):
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
        return store.events(get_db(), m["id"])


def check_log(evs, rounds):
    assert [e["seq"] for e in evs] == list(range(1, rounds + 2)), "one event per round, none twice"
    assert [e["kind"] for e in evs] == ["hand"] + ["move", "undo"] * (rounds // 2) + ["move"] * (rounds % 2)


def test_eight_phones_in_threads_tap_at_once(database):
    app, client, edit = started(database)
    cookie = client.get_cookie("session").value
    phones = 8
    rounds = 12
    accepted = refused = 0
    for _ in range(rounds):
        path, data = contested(client, edit)
        barrier = threading.Barrier(phones)
        answers: list = []

        def tap(path=path, data=data, barrier=barrier, answers=answers):
            c = app.test_client()
            c.set_cookie("session", cookie)
            barrier.wait()
            resp = c.post(edit + path, data=data)
            answers.append((resp.status_code, resp.get_data(as_text=True)))

        threads = [threading.Thread(target=tap) for _ in range(phones)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        codes = sorted(code for code, _ in answers)
        assert codes == [302] + [409] * (phones - 1), codes
        for code, body in answers:
            if code == 409:
                assert any(w in soup_text(body) for w in ANOTHER)
        accepted += codes.count(302)
        refused += codes.count(409)
    assert (accepted, refused) == (rounds, rounds * (phones - 1))
    check_log(log_of(app, edit), rounds)


def soup_text(body: str) -> str:
    from bs4 import BeautifulSoup

    return BeautifulSoup(body, "html.parser").select_one(".problem[role=alert]").get_text()


def _worker(db, edit, cookie, rounds, barrier, answers):
    """One worker process with its own app on the shared database (as gunicorn's are)."""
    app = create_app({"TESTING": True, "DATABASE": db, "SECRET_KEY": SECRET})
    client = app.test_client()
    client.set_cookie("session", cookie)
    for _ in range(rounds):
        barrier.wait(60)  # the round before is over everywhere
        path, data = contested(client, edit)
        barrier.wait(60)  # every phone holds the same page: now all tap
        resp = client.post(edit + path, data=data)
        text = soup_text(resp.get_data(as_text=True)) if resp.status_code != 302 else ""
        answers.put((resp.status_code, any(w in text for w in ANOTHER)))


def test_phones_on_four_worker_processes_tap_at_once(database):
    app, client, edit = started(database)
    cookie = client.get_cookie("session").value
    workers, rounds = 4, 8
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(workers)
    answers = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(database, edit, cookie, rounds, barrier,
                                               answers)) for _ in range(workers)]
    for p in procs:
        p.start()
    got = [answers.get(timeout=120) for _ in range(workers * rounds)]
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    codes = [code for code, _ in got]
    assert codes.count(302) == rounds, codes
    assert codes.count(409) == rounds * (workers - 1), codes
    assert all(told for code, told in got if code == 409)
    check_log(log_of(app, edit), rounds)

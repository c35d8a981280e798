"""The password hasher of the tests' own process: Argon2id as in production, at the least
work argon2 accepts. The tests create thousands of accounts and check their passwords;
at production's parameters each hash took ~50 ms of a core here. A server started with
production's settings checks these hashes too (Argon2 reads the parameters from the
hash) and, as for any outdated hash, stores its own at the first right password."""

from app.accounts.hashers import Argon2idPasswordHasher


class QuickArgon2idPasswordHasher(Argon2idPasswordHasher):
    time_cost = 1
    memory_cost = 8
    parallelism = 1

from django.contrib.auth.hashers import Argon2PasswordHasher


class Argon2idPasswordHasher(Argon2PasswordHasher):
    """Argon2id with the OWASP password-storage parameters: 19 MiB, 2 passes, 1 lane.

    Django's defaults (100 MiB, 8 lanes) cost several times more per login on a small
    server for no gain against the OWASP baseline.
    """

    time_cost = 2
    memory_cost = 19456
    parallelism = 1

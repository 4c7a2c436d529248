"""A small n-body simulation of the outer planets, run on fivefold by README's first command.

Prints the system's energy before and after integrating, as the classic benchmark does.
"""

import sys

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24


class Body:
    def __init__(self, name, position, velocity, mass):
        self.name = name
        self.x, self.y, self.z = position
        self.vx, self.vy, self.vz = (v * DAYS_PER_YEAR for v in velocity)
        self.mass = mass * SOLAR_MASS


def solar_system():
    return [
        Body("sun", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1.0),
        Body("jupiter", (4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01),
             (1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05),
             9.54791938424326609e-04),
        Body("saturn", (8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01),
             (-2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05),
             2.85885980666130812e-04),
        Body("uranus", (1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01),
             (2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05),
             4.36624404335156298e-05),
        Body("neptune", (1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01),
             (2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05),
             5.15138902046611451e-05),
    ]


def offset_momentum(bodies):
    px = sum(b.vx * b.mass for b in bodies)
    py = sum(b.vy * b.mass for b in bodies)
    pz = sum(b.vz * b.mass for b in bodies)
    sun = bodies[0]
    sun.vx, sun.vy, sun.vz = -px / SOLAR_MASS, -py / SOLAR_MASS, -pz / SOLAR_MASS


def energy(bodies):
    e = 0.0
    for i, a in enumerate(bodies):
        e += 0.5 * a.mass * (a.vx ** 2 + a.vy ** 2 + a.vz ** 2)
        for b in bodies[i + 1:]:
            dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
            e -= a.mass * b.mass / (dx * dx + dy * dy + dz * dz) ** 0.5
    return e


def advance(bodies, dt, steps):
    pairs = [(a, b) for i, a in enumerate(bodies) for b in bodies[i + 1:]]
    for _ in range(steps):
        for a, b in pairs:
            dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
            mag = dt / (dx * dx + dy * dy + dz * dz) ** 1.5
            bm, am = b.mass * mag, a.mass * mag
            a.vx -= dx * bm
            a.vy -= dy * bm
            a.vz -= dz * bm
            b.vx += dx * am
            b.vy += dy * am
            b.vz += dz * am
        for body in bodies:
            body.x += dt * body.vx
            body.y += dt * body.vy
            body.z += dt * body.vz


def main(steps):
    bodies = solar_system()
    offset_momentum(bodies)
    print(f"energy before: {energy(bodies):.9f}")
    advance(bodies, 0.01, steps)
    print(f"energy after {steps} steps: {energy(bodies):.9f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)

"""Hypothesis settings for every unit test: no deadline, and no health check on slow data generation. Other
engineers run tests on the same two cores (and CI may be slower still): with Hypothesis's default 200 ms
deadline one example caught by a pause of the machine, not of the code, failed its test (DeadlineExceeded,
or Flaky when the rerun was fast). The tests using engine_strategies.ENGINE had this already."""

from hypothesis import HealthCheck, settings

settings.register_profile("shared-cores", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-cores")

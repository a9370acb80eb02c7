"""Schemathesis hooks for bench/contract/run.sh (SCHEMATHESIS_HOOKS=hooks, PYTHONPATH=bench/contract).

The fuzzer signs in as the run's user, and signs in again after any 401: some of the cases it
sends end its own session (ending a session from the session list, which it can name after
reading the list), and with one fixed token every case after that would test only the 401.
"""
import json
import os
import urllib.request

import schemathesis


@schemathesis.auth()
class OutlaySignIn:
    def get(self, case, ctx):
        body = json.dumps({"email": os.environ["CONTRACT_EMAIL"], "password": os.environ["CONTRACT_PASSWORD"]}).encode()
        request = urllib.request.Request(os.environ["CONTRACT_BASE"] + "/auth/login", data=body,
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)["accessToken"]

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"

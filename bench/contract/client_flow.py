"""The seed's whole user flow through a client generated from /v3/api-docs by
openapi-python-client, used as generated (no edits): register, log in, open the draft, read it,
categories, accounts, fill the draft, attach a receipt, put an item, save, list, the five
statistics and the filtered list. Exits non-zero on the first answer that is not the expected
one.  Usage: client_flow.py BASE_URL OUT_DIR"""
import datetime
import importlib
import json
import subprocess
import sys
import urllib.request
import uuid
from io import BytesIO
from pathlib import Path

base, out = sys.argv[1], Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
spec = out / "openapi.json"
spec.write_bytes(urllib.request.urlopen(base + "/v3/api-docs").read())
package = out / "outlay_client"
subprocess.run([str(Path(sys.executable).parent / "openapi-python-client"), "generate", "--path", str(spec),
                "--output-path", str(package), "--meta", "none", "--overwrite"], check=True)
sys.path.insert(0, str(out))


def op(tag, name):
    return importlib.import_module(f"outlay_client.api.{tag}.{name}")


def model(name):
    return getattr(importlib.import_module("outlay_client.models"), name)


def expect(response, status):
    if response.status_code != status:
        sys.exit(f"expected {status}, got {response.status_code}: {response.content[:500]!r}")
    return response.parsed


client_mod = importlib.import_module("outlay_client.client")
types = importlib.import_module("outlay_client.types")
anonymous = client_mod.Client(base_url=base, raise_on_unexpected_status=True)
email, password = f"client-{uuid.uuid4()}@example.com", "generated client"

expect(op("auth", "auth_register").sync_detailed(client=anonymous, body=model("RegisterRequest")(
    email=email, password=password, display_name="Generated Client")), 201)
tokens = expect(op("auth", "auth_login").sync_detailed(client=anonymous, body=model("LoginRequest")(email=email, password=password)), 200)
client = client_mod.AuthenticatedClient(base_url=base, token=tokens.access_token, raise_on_unexpected_status=True)

account = expect(op("accounts", "account_create").sync_detailed(client=client, body=model("AccountRequest")(name="Wallet", currency=model("AccountRequestCurrency")("EUR"))), 201)
draft = expect(op("draft", "draft_create").sync_detailed(client=client, body=model("NewDraftRequest")(time_zone="Europe/Berlin")), 201)
assert expect(op("draft", "draft_get").sync_detailed(client=client), 200).id == draft.id
categories = expect(op("categories", "category_list").sync_detailed(client=client), 200)
food = next(c for c in categories if c.key == "food")
accounts = expect(op("accounts", "account_list").sync_detailed(client=client), 200)
assert [a.id for a in accounts] == [account.id]

apples, discount = uuid.uuid4(), uuid.uuid4()
ItemRequest = model("ItemRequest")
draft = expect(op("draft", "draft_update").sync_detailed(client=client, body=model("TransactionRequest")(
    account_id=account.id, date=datetime.date.today(), note="Market",
    items=[ItemRequest(id=apples, amount="10.00", description="Apples", category_id=food.id),
           ItemRequest(id=discount, amount="1.50", description="Coupon", category_id=food.id, is_reduction=True)])), 200)
assert draft.currency == "EUR" and len(draft.items) == 2

pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n% " + uuid.uuid4().bytes.hex().encode() + b"\n"
document = expect(op("draft", "draft_add_document").sync_detailed(client=client, kind=model("DraftAddDocumentKind")("receipt"), body=model("DraftAddDocumentBody")(
    file=types.File(payload=BytesIO(pdf), file_name="receipt.pdf", mime_type="application/pdf"))), 201)
assert document.media_type == "application/pdf"

item = expect(op("draft", "draft_put_item").sync_detailed(item_id=apples, client=client, body=ItemRequest(
    amount="10.00", quantity=2, description="Apples", brand="Orchard", category_id=food.id)), 200)
assert item.amount == "10.00" and item.brand == "Orchard"

saved = expect(op("transactions", "transaction_save").sync_detailed(
    client=client, idempotency_key=str(draft.id), body=model("TransactionRequest")(draft_id=draft.id)), 201)
assert saved.total == "8.50", f"the discount line is subtracted: {saved.total}"
page = expect(op("transactions", "transaction_list").sync_detailed(client=client, limit=50), 200)
assert [t.id for t in page.items] == [saved.id]

Filter = model("StatisticsFilter")
year = Filter(from_=datetime.date.today() - datetime.timedelta(days=365), to=datetime.date.today())
summary = expect(op("statistics", "statistics_summary").sync_detailed(client=client, body=year), 200)
assert [(t.currency, t.expenses) for t in summary.totals] == [("EUR", "8.50")], summary
expect(op("statistics", "statistics_categories").sync_detailed(client=client, body=year, roll_up=True), 200)
timeline = expect(op("statistics", "statistics_timeline").sync_detailed(client=client, body=year, granularity=model("StatisticsTimelineGranularity")("month")), 200)
assert len(timeline.periods) >= 12
expect(op("statistics", "statistics_accounts").sync_detailed(client=client, body=year), 200)
expect(op("statistics", "statistics_sellers").sync_detailed(client=client, body=year, limit=10), 200)
items = expect(op("statistics", "statistics_items").sync_detailed(client=client, body=Filter(category_ids=[food.id]), limit=50), 200)
assert sorted(i.description for i in items.items) == ["Apples", "Coupon"], items
print(json.dumps({"flow": "ok", "transaction": str(saved.id), "total": saved.total}))

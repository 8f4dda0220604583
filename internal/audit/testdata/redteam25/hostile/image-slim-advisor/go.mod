module image-slim-advisor.example/slim

go 1.21

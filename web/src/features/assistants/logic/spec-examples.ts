/** The Examples of the action editor (SPEC §2): Weather (JSON), Pet Store (YAML) and a blank template. */
export type SpecExampleName = 'weather' | 'petstore' | 'blank';

const weather = {
  openapi: '3.1.0',
  info: {
    title: 'Get weather data',
    description: 'Retrieves current weather data for a location.',
    version: 'v1.0.0',
  },
  servers: [{ url: 'https://weather.example.com' }],
  paths: {
    '/location': {
      get: {
        description: 'Get temperature for a specific location',
        operationId: 'GetCurrentWeather',
        parameters: [
          {
            name: 'location',
            in: 'query',
            description: 'The city and state to retrieve the weather for',
            required: true,
            schema: { type: 'string' },
          },
        ],
        deprecated: false,
      },
    },
  },
  components: { schemas: {} },
};

const petstore = `openapi: "3.0.0"
info:
  version: 1.0.0
  title: Swagger Petstore
  license:
    name: MIT
servers:
  - url: https://petstore.example.com/v1
paths:
  /pets:
    get:
      summary: List all pets
      operationId: listPets
      tags:
        - pets
      parameters:
        - name: limit
          in: query
          description: How many items to return at one time (max 100)
          required: false
          schema:
            type: integer
            maximum: 100
            format: int32
      responses:
        '200':
          description: A paged array of pets
    post:
      summary: Create a pet
      operationId: createPets
      tags:
        - pets
      responses:
        '201':
          description: Null response
  /pets/{petId}:
    get:
      summary: Info for a specific pet
      operationId: showPetById
      tags:
        - pets
      parameters:
        - name: petId
          in: path
          required: true
          description: The id of the pet to retrieve
          schema:
            type: string
      responses:
        '200':
          description: Expected response to a valid request
`;

const blank = {
  openapi: '3.1.0',
  info: { title: 'Untitled', description: 'Your OpenAPI specification', version: 'v1.0.0' },
  servers: [{ url: '' }],
  paths: {},
  components: { schemas: {} },
};

export const SPEC_EXAMPLES: Record<SpecExampleName, string> = {
  weather: JSON.stringify(weather, null, 2),
  petstore,
  blank: JSON.stringify(blank, null, 2),
};
